#ifndef PUSHBOARD_CSODIUM_SHIM_H
#define PUSHBOARD_CSODIUM_SHIM_H
// libsodium (Debian libsodium-dev), imported by the Cryptography module only: Argon2id password
// hashes, the system's random generator, SHA-256 (stored session and token hashes, cached image
// names), and constant-time comparison.
#include <sodium.h>

// The macros below are not visible to Swift as values; these give them a name.
static inline unsigned long long csodium_pwhash_opslimit_moderate(void) {
    return crypto_pwhash_OPSLIMIT_MODERATE;
}
static inline size_t csodium_pwhash_strbytes(void) { return crypto_pwhash_STRBYTES; }
static inline int csodium_pwhash_alg_argon2id(void) { return crypto_pwhash_ALG_ARGON2ID13; }
static inline size_t csodium_sha256_bytes(void) { return crypto_hash_sha256_BYTES; }
// crypto_secretbox (XSalsa20-Poly1305): the APNs keys the workspace stores, sealed at rest.
static inline size_t csodium_secretbox_keybytes(void) { return crypto_secretbox_KEYBYTES; }
static inline size_t csodium_secretbox_noncebytes(void) { return crypto_secretbox_NONCEBYTES; }
static inline size_t csodium_secretbox_macbytes(void) { return crypto_secretbox_MACBYTES; }

#endif
