#ifndef PUSHBOARD_CCRYPTO_SHIM_H
#define PUSHBOARD_CCRYPTO_SHIM_H
// OpenSSL's libcrypto for the APNs module only: .p8 keys (PKCS#8, P-256), ES256 signatures for
// provider tokens, .p12 and PEM certificates. Macros Swift cannot call (OPENSSL_free,
// BIO_get_mem_data, the sk_X509 stack) are wrapped in `static inline` functions prefixed
// `ccrypto_`. Imported by the APNs module only.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/provider.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

// OPENSSL_free: frees what libcrypto allocated (i2d output).
static inline void ccrypto_free(void *pointer) {
    OPENSSL_free(pointer);
}

// BIO_get_mem_data: the bytes written to a memory BIO so far (owned by the BIO).
static inline long ccrypto_bio_mem_data(BIO *bio, char **data) {
    return BIO_get_mem_data(bio, data);
}

// sk_X509_pop_free(…, X509_free): the extra certificates PKCS12_parse hands back.
static inline void ccrypto_free_x509_stack(STACK_OF(X509) *stack) {
    sk_X509_pop_free(stack, X509_free);
}

// How many extra certificates PKCS12_parse handed back.
static inline int ccrypto_x509_stack_count(STACK_OF(X509) *stack) {
    return stack == NULL ? 0 : sk_X509_num(stack);
}

// XN_FLAG_RFC2253: a certificate's subject as one line, "UID=…,CN=…,O=…".
static inline unsigned long ccrypto_name_flags_rfc2253(void) {
    return XN_FLAG_RFC2253;
}
#endif
