/*
 * tabhost_tls.h: TLS for the browser front end (`tabhost serve --tls-cert --tls-key`) over Debian's
 * OpenSSL, with no OpenSSL type in sight of Swift. A context holds the certificate chain and key; a
 * connection is one SSL object between two memory BIOs: the caller puts the ciphertext it read from
 * the socket in, takes the ciphertext to send out, and reads and writes plaintext in between. No call
 * touches a descriptor, so the caller (a NIO channel handler) keeps its event loop and back-pressure.
 *
 * A context may be shared by threads; a connection belongs to one thread at a time. Every call clears
 * OpenSSL's (thread-local) error queue first and keeps the reason of a failure in the connection.
 */
#ifndef TABHOST_TLS_H
#define TABHOST_TLS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/** A server's certificate chain and private key, TLS 1.2 and later, ALPN http/1.1. */
typedef struct tabhost_tls_context tabhost_tls_context;
/** One TLS connection over memory BIOs. */
typedef struct tabhost_tls_connection tabhost_tls_connection;

/** Which file a context could not be made from, and why. */
typedef enum {
    TABHOST_TLS_LOADED = 0,
    /** The certificate file cannot be opened (errno in `*error_number`). */
    TABHOST_TLS_CERTIFICATE_UNREADABLE = 1,
    /** The certificate file holds no PEM certificate (chain). */
    TABHOST_TLS_CERTIFICATE_NOT_PEM = 2,
    /** The key file cannot be opened (errno in `*error_number`). */
    TABHOST_TLS_KEY_UNREADABLE = 3,
    /** The key file holds no unencrypted PEM private key. */
    TABHOST_TLS_KEY_NOT_PEM = 4,
    /** The key is not the certificate's. */
    TABHOST_TLS_KEY_MISMATCH = 5,
    /** OpenSSL could not make a context (out of memory). */
    TABHOST_TLS_CONTEXT_FAILED = 6,
} tabhost_tls_load_result;

/** A server context from PEM files: the certificate chain (leaf first) and its private key. NULL on failure,
 *  with `*result` saying which file and why, `*error_number` an errno where one applies, and OpenSSL's
 *  reason in `detail` (NUL-terminated, possibly empty). An encrypted key is refused, never prompted for. */
tabhost_tls_context *_Nullable tabhost_tls_context_create(const char *certificate_path, const char *key_path,
                                                          tabhost_tls_load_result *result, int *error_number, char *detail,
                                                          size_t detail_size);

/** Frees a context (connections made from it keep their own reference). */
void tabhost_tls_context_free(tabhost_tls_context *_Nullable context);

/** The certificate's first subjectAltName (DNS name or IP address), else its common name, into `name`
 *  (NUL-terminated); 0 when it has neither or it does not fit. */
int tabhost_tls_context_certificate_name(const tabhost_tls_context *context, char *name, size_t name_size);

/** A server-side connection that waits for a ClientHello; NULL when out of memory. */
tabhost_tls_connection *_Nullable tabhost_tls_connection_create(tabhost_tls_context *context);

/** Frees a connection. */
void tabhost_tls_connection_free(tabhost_tls_connection *_Nullable connection);

/** What a step of a connection came to. */
typedef enum {
    /** Done (handshake complete, bytes read or written). */
    TABHOST_TLS_OK = 0,
    /** More ciphertext from the peer is needed. */
    TABHOST_TLS_WANT_INPUT = 1,
    /** The peer sent close_notify: no more plaintext will come. */
    TABHOST_TLS_CLOSED = 2,
    /** A protocol error (reason: tabhost_tls_connection_error); the connection is unusable. */
    TABHOST_TLS_FAILED = 3,
} tabhost_tls_status;

/** Puts `count` bytes of ciphertext read from the peer in; 0, or -1 when out of memory. */
int tabhost_tls_connection_put_input(tabhost_tls_connection *connection, const uint8_t *bytes, size_t count);

/** Advances the handshake with the input so far. */
tabhost_tls_status tabhost_tls_connection_handshake(tabhost_tls_connection *connection);

/** Reads up to `capacity` bytes of plaintext; `*count` is how many (0 unless TABHOST_TLS_OK). */
tabhost_tls_status tabhost_tls_connection_read(tabhost_tls_connection *connection, uint8_t *bytes, size_t capacity,
                                               size_t *count);

/** Encrypts all `count` bytes of plaintext (after the handshake); the records wait in the output. */
tabhost_tls_status tabhost_tls_connection_write(tabhost_tls_connection *connection, const uint8_t *bytes, size_t count);

/** Queues close_notify in the output (once; later calls do nothing). */
void tabhost_tls_connection_shutdown(tabhost_tls_connection *connection);

/** How many bytes of ciphertext wait to be sent. */
size_t tabhost_tls_connection_pending_output(const tabhost_tls_connection *connection);

/** Takes up to `capacity` bytes of the waiting ciphertext; returns how many. */
size_t tabhost_tls_connection_take_output(tabhost_tls_connection *connection, uint8_t *bytes, size_t capacity);

/** The negotiated protocol version ("TLSv1.3"), or "" before the handshake. */
const char *tabhost_tls_connection_version(const tabhost_tls_connection *connection);

/** Why the last step failed (OpenSSL's reason), "" if it did not. */
const char *tabhost_tls_connection_error(const tabhost_tls_connection *connection);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif /* TABHOST_TLS_H */
