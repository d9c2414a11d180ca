/*
 * tabhost_tls_driver.c: _CTLSShims tested from C, against OpenSSL's own client over memory BIOs, built by
 * TLSShimTests with AddressSanitizer (and LeakSanitizer at exit, so every error path must free what it
 * made). argv[1] is a directory holding cert.pem and key.pem (127.0.0.1, localhost), other-key.pem and
 * garbage.pem. Prints "ok CASE" or "FAIL CASE: why" per case; exits 1 if any failed.
 */
#include "tabhost_tls.h"

#include <errno.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static char directory[4096];

#define CHECK(name, condition, ...)                                                                                                        \
    do {                                                                                                                                   \
        if (!(condition)) {                                                                                                                \
            printf("FAIL %s: ", name);                                                                                                     \
            printf(__VA_ARGS__);                                                                                                           \
            printf("\n");                                                                                                                  \
            failures++;                                                                                                                    \
            return;                                                                                                                        \
        }                                                                                                                                  \
    } while (0)

static const char *path(const char *name) {
    static char buffers[4][4200];
    static int next = 0;
    char *buffer = buffers[next++ % 4];
    snprintf(buffer, sizeof buffers[0], "%s/%s", directory, name);
    return buffer;
}

static tabhost_tls_context *load(const char *certificate, const char *key, tabhost_tls_load_result *result, int *error_number) {
    char detail[256];
    return tabhost_tls_context_create(path(certificate), path(key), result, error_number, detail, sizeof detail);
}

static void load_refusals(void) {
    static const struct {
        const char *certificate, *key;
        tabhost_tls_load_result expected;
        int error_number;
    } cases[] = {
        {"missing.pem", "key.pem", TABHOST_TLS_CERTIFICATE_UNREADABLE, ENOENT},
        {"cert.pem", "missing.pem", TABHOST_TLS_KEY_UNREADABLE, ENOENT},
        {".", "key.pem", TABHOST_TLS_CERTIFICATE_UNREADABLE, EISDIR},
        {"garbage.pem", "key.pem", TABHOST_TLS_CERTIFICATE_NOT_PEM, 0},
        {"key.pem", "key.pem", TABHOST_TLS_CERTIFICATE_NOT_PEM, 0},
        {"cert.pem", "garbage.pem", TABHOST_TLS_KEY_NOT_PEM, 0},
        {"cert.pem", "cert.pem", TABHOST_TLS_KEY_NOT_PEM, 0},
        {"cert.pem", "other-key.pem", TABHOST_TLS_KEY_MISMATCH, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tabhost_tls_load_result result = TABHOST_TLS_LOADED;
        int error_number = -1;
        tabhost_tls_context *context = load(cases[i].certificate, cases[i].key, &result, &error_number);
        tabhost_tls_context_free(context);
        CHECK("load_refusals", context == NULL && result == cases[i].expected && error_number == cases[i].error_number,
              "%s + %s: result %d errno %d", cases[i].certificate, cases[i].key, (int)result, error_number);
    }
    printf("ok load_refusals\n");
}

static void certificate_name(tabhost_tls_context *context) {
    char name[64];
    CHECK("certificate_name", tabhost_tls_context_certificate_name(context, name, sizeof name) && strcmp(name, "127.0.0.1") == 0,
          "got %s", name);
    CHECK("certificate_name", !tabhost_tls_context_certificate_name(context, name, 4), "a name that does not fit");
    printf("ok certificate_name\n");
}

/* An OpenSSL client over its own memory BIOs, verifying the server against cert.pem by IP address. */
typedef struct client {
    SSL_CTX *ctx;
    SSL *ssl;
    BIO *input, *output;
} client;

static int client_open(client *c, int max_version) {
    memset(c, 0, sizeof *c);
    c->ctx = SSL_CTX_new(TLS_client_method());
    if (c->ctx == NULL || SSL_CTX_load_verify_locations(c->ctx, path("cert.pem"), NULL) != 1) return 0;
    SSL_CTX_set_verify(c->ctx, SSL_VERIFY_PEER, NULL);
    if (max_version != 0) {
        SSL_CTX_set_security_level(c->ctx, 0);
        SSL_CTX_set_min_proto_version(c->ctx, max_version);
        SSL_CTX_set_max_proto_version(c->ctx, max_version);
    }
    static const unsigned char alpn[] = {2, 'h', '2', 8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
    SSL_CTX_set_alpn_protos(c->ctx, alpn, sizeof alpn);
    c->ssl = SSL_new(c->ctx);
    c->input = BIO_new(BIO_s_mem());
    c->output = BIO_new(BIO_s_mem());
    SSL_set_bio(c->ssl, c->input, c->output);
    SSL_set_connect_state(c->ssl);
    X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(c->ssl), "127.0.0.1");
    return 1;
}

static void client_close(client *c) {
    SSL_free(c->ssl);
    SSL_CTX_free(c->ctx);
}

/* Moves the client's output to the server, a byte at a time when `dribble`, and the server's back. */
static int pump(client *c, tabhost_tls_connection *server, int dribble) {
    uint8_t buffer[65536];
    int moved = 0;
    int got;
    while ((got = BIO_read(c->output, buffer, dribble ? 1 : (int)sizeof buffer)) > 0) {
        if (tabhost_tls_connection_put_input(server, buffer, (size_t)got) != 0) return -1;
        moved = 1;
        if (dribble) {
            tabhost_tls_status status = tabhost_tls_connection_handshake(server);
            if (status == TABHOST_TLS_FAILED) return -1;
        }
    }
    size_t taken;
    while ((taken = tabhost_tls_connection_take_output(server, buffer, sizeof buffer)) > 0) {
        BIO_write(c->input, buffer, (int)taken);
        moved = 1;
    }
    return moved;
}

static void handshake_records_and_close(tabhost_tls_context *context, int dribble) {
    const char *name = dribble ? "byte_at_a_time" : "handshake_records_close";
    client c;
    tabhost_tls_connection *server = tabhost_tls_connection_create(context);
    CHECK(name, server != NULL && client_open(&c, 0), "setup");
    tabhost_tls_status status = TABHOST_TLS_WANT_INPUT;
    for (int round = 0; round < 20000 && (status != TABHOST_TLS_OK || !SSL_is_init_finished(c.ssl)); round++) {
        SSL_do_handshake(c.ssl);
        if (pump(&c, server, dribble) < 0) break;
        status = tabhost_tls_connection_handshake(server);
        pump(&c, server, dribble);
    }
    CHECK(name, status == TABHOST_TLS_OK && SSL_is_init_finished(c.ssl), "handshake: %d %s", (int)status,
          tabhost_tls_connection_error(server));
    CHECK(name, SSL_get_verify_result(c.ssl) == X509_V_OK, "the client did not verify the server");
    const unsigned char *protocol = NULL;
    unsigned int length = 0;
    SSL_get0_alpn_selected(c.ssl, &protocol, &length);
    CHECK(name, length == 8 && memcmp(protocol, "http/1.1", 8) == 0, "ALPN %.*s", (int)length, protocol);
    CHECK(name, strcmp(tabhost_tls_connection_version(server), "TLSv1.3") == 0, "version %s", tabhost_tls_connection_version(server));

    /* A request in, split wherever the client's records fall. */
    const char request[] = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    SSL_write(c.ssl, request, (int)strlen(request));
    pump(&c, server, dribble);
    char plain[256] = {0};
    size_t total = 0, count = 0;
    while ((status = tabhost_tls_connection_read(server, (uint8_t *)plain + total, sizeof plain - 1 - total, &count)) == TABHOST_TLS_OK) {
        total += count;
    }
    CHECK(name, status == TABHOST_TLS_WANT_INPUT && total == strlen(request) && strcmp(plain, request) == 0, "read %zu: %d", total,
          (int)status);

    /* A response out of several records (more than one 16 KiB record). */
    static uint8_t response[100000];
    for (size_t i = 0; i < sizeof response; i++) response[i] = (uint8_t)(i * 7);
    CHECK(name, tabhost_tls_connection_write(server, response, sizeof response) == TABHOST_TLS_OK, "write");
    CHECK(name, tabhost_tls_connection_pending_output(server) > sizeof response, "no records waiting");
    pump(&c, server, 0);
    static uint8_t received[sizeof response];
    size_t have = 0;
    int got;
    while (have < sizeof received && (got = SSL_read(c.ssl, received + have, (int)(sizeof received - have))) > 0) have += (size_t)got;
    CHECK(name, have == sizeof response && memcmp(received, response, have) == 0, "the client read %zu bytes", have);

    /* close_notify both ways: the server's reaches the client, the client's ends the server's reads. */
    tabhost_tls_connection_shutdown(server);
    tabhost_tls_connection_shutdown(server);
    pump(&c, server, 0);
    got = SSL_read(c.ssl, received, 1);
    CHECK(name, got <= 0 && SSL_get_error(c.ssl, got) == SSL_ERROR_ZERO_RETURN, "the client saw no close_notify");
    SSL_shutdown(c.ssl);
    pump(&c, server, 0);
    CHECK(name, tabhost_tls_connection_read(server, (uint8_t *)plain, sizeof plain, &count) == TABHOST_TLS_CLOSED, "no CLOSED");
    client_close(&c);
    tabhost_tls_connection_free(server);
    printf("ok %s\n", name);
}

static void refused_handshakes(tabhost_tls_context *context) {
    /* Plain HTTP on the TLS port. */
    tabhost_tls_connection *server = tabhost_tls_connection_create(context);
    const char plain[] = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    tabhost_tls_connection_put_input(server, (const uint8_t *)plain, strlen(plain));
    tabhost_tls_status status = tabhost_tls_connection_handshake(server);
    int http = status == TABHOST_TLS_FAILED && strcmp(tabhost_tls_connection_error(server), "http request") == 0;
    char reason[256];
    snprintf(reason, sizeof reason, "%s", tabhost_tls_connection_error(server));
    tabhost_tls_connection_free(server);
    CHECK("refused_handshakes", http, "plain HTTP: %d %s", (int)status, reason);

    /* A client that offers TLS 1.1 only. */
    client c;
    server = tabhost_tls_connection_create(context);
    CHECK("refused_handshakes", server != NULL && client_open(&c, TLS1_1_VERSION), "setup");
    status = TABHOST_TLS_WANT_INPUT;
    for (int round = 0; round < 20 && status == TABHOST_TLS_WANT_INPUT; round++) {
        SSL_do_handshake(c.ssl);
        pump(&c, server, 0);
        status = tabhost_tls_connection_handshake(server);
    }
    snprintf(reason, sizeof reason, "%s", tabhost_tls_connection_error(server));
    client_close(&c);
    tabhost_tls_connection_free(server);
    CHECK("refused_handshakes", status == TABHOST_TLS_FAILED && strcmp(reason, "unsupported protocol") == 0, "TLS 1.1: %d %s",
          (int)status, reason);
    printf("ok refused_handshakes\n");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: tabhost_tls_driver DIRECTORY\n");
        return 2;
    }
    snprintf(directory, sizeof directory, "%s", argv[1]);
    load_refusals();
    tabhost_tls_load_result result;
    int error_number;
    tabhost_tls_context *context = load("cert.pem", "key.pem", &result, &error_number);
    if (context == NULL) {
        printf("FAIL load: result %d errno %d\n", (int)result, error_number);
        return 1;
    }
    certificate_name(context);
    handshake_records_and_close(context, 0);
    handshake_records_and_close(context, 1);
    refused_handshakes(context);
    tabhost_tls_context_free(context);
    return failures == 0 ? 0 : 1;
}
