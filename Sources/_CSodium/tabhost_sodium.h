/*
 * tabhost_sodium.h: libsodium (Debian libsodium-dev, pkg-config libsodium) for TabModuleBundle alone:
 * Ed25519 signatures, BLAKE2b, SHA-256, scrypt and randomness, the primitives minisign itself uses.
 * Nothing else in TabHost imports it, so `tabhost`'s other code paths pay nothing for it.
 */
#ifndef TABHOST_SODIUM_H
#define TABHOST_SODIUM_H

#include <sodium.h>

#endif /* TABHOST_SODIUM_H */
