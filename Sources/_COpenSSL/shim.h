/* Debian's OpenSSL 3 (libssl-dev), found through pkg-config; only _CTLSShims includes it. */
#include <openssl/err.h>
#include <openssl/ssl.h>
