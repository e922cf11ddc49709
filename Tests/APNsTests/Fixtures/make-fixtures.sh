#!/usr/bin/env bash
# Makes the APNs test fixtures with openssl: generated keys and self-signed certificates, never
# real ones. Run from this folder; the tests read the files it writes (commit them).
set -euo pipefail
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out key.p8
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out other.p8
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out p384.p8
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out rsa.p8
openssl ec -in key.p8 -out sec1.pem 2>/dev/null          # -----BEGIN EC PRIVATE KEY-----
cat > universal.cnf <<'CNF'
[req]
distinguished_name = dn
prompt = no
x509_extensions = apns
[dn]
UID = com.example.app
CN = Apple Push Services: com.example.app
OU = ABCDE12345
O = Example Ltd
C = US
[apns]
basicConstraints = critical,CA:FALSE
1.2.840.113635.100.6.3.1 = ASN1:NULL
1.2.840.113635.100.6.3.2 = ASN1:NULL
1.2.840.113635.100.6.3.6 = ASN1:SEQUENCE:topics
[topics]
t1 = UTF8:com.example.app
k1 = SEQUENCE:app
t2 = UTF8:com.example.app.voip
k2 = SEQUENCE:voip
t3 = UTF8:com.example.app.complication
k3 = SEQUENCE:complication
[app]
k = UTF8:app
[voip]
k = UTF8:voip
[complication]
k = UTF8:complication
CNF
cat > development.cnf <<'CNF'
[req]
distinguished_name = dn
prompt = no
x509_extensions = apns
[dn]
UID = com.example.legacy
CN = Apple Development IOS Push Services: com.example.legacy
OU = ABCDE12345
C = US
[apns]
basicConstraints = critical,CA:FALSE
CNF
openssl req -x509 -new -newkey rsa:2048 -nodes -keyout universal.key -out universal.crt -days 3650 \
    -set_serial 1 -config universal.cnf
openssl req -x509 -new -newkey rsa:2048 -nodes -keyout development.key -out development.crt -days 3650 \
    -set_serial 2 -config development.cnf
openssl pkcs12 -export -in universal.crt -inkey universal.key -out universal.p12 -passout pass:fixture-password
# As older Keychain Access exports: RC2-40 and 3DES, which OpenSSL 3 keeps in its legacy provider.
openssl pkcs12 -export -legacy -in universal.crt -inkey universal.key -out legacy.p12 -passout pass:fixture-password
cat universal.crt universal.key > universal.pem
cat development.crt development.key > development.pem
rm universal.cnf development.cnf universal.key development.key
