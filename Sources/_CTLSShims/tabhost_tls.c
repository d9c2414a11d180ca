/*
 * tabhost_tls.c: see tabhost_tls.h. Plain OpenSSL 3 calls; the only state besides OpenSSL's is the
 * failure reason each connection keeps for its caller's log line.
 */
#include "tabhost_tls.h"

#include <arpa/inet.h>
#include <errno.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct tabhost_tls_context {
    SSL_CTX *ctx;
};

struct tabhost_tls_connection {
    SSL *ssl;
    BIO *input;  /* owned by ssl */
    BIO *output; /* owned by ssl */
    int shut;
    char error[256];
};

/* The only protocol offered: what the server speaks (no HTTP/2). */
static const unsigned char alpn_http1[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};

static void copy_detail(char *detail, size_t size) {
    if (size == 0) return;
    detail[0] = 0;
    unsigned long code = ERR_peek_error();
    if (code != 0) {
        const char *reason = ERR_reason_error_string(code);
        if (reason != NULL) {
            snprintf(detail, size, "%s", reason);
        } else {
            ERR_error_string_n(code, detail, size);
        }
    }
    ERR_clear_error();
}

/* An encrypted key would otherwise make OpenSSL prompt on the terminal: refuse it instead. */
static int refuse_password(char *buffer, int size, int rwflag, void *userdata) {
    (void)buffer;
    (void)size;
    (void)rwflag;
    (void)userdata;
    return -1;
}

static int select_alpn(SSL *ssl, const unsigned char **out, unsigned char *outlen, const unsigned char *in, unsigned int inlen,
                       void *arg) {
    (void)ssl;
    (void)arg;
    unsigned char *selected = NULL;
    if (SSL_select_next_proto(&selected, outlen, alpn_http1, sizeof alpn_http1, in, inlen) != OPENSSL_NPN_NEGOTIATED) {
        return SSL_TLSEXT_ERR_NOACK;
    }
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

/* 0 when `path` opens for reading as a regular file, else an errno. */
static int readable_file(const char *path) {
    FILE *file = fopen(path, "re");
    if (file == NULL) return errno;
    struct stat status;
    int result = 0;
    if (fstat(fileno(file), &status) != 0) {
        result = errno;
    } else if (S_ISDIR(status.st_mode)) {
        result = EISDIR;
    }
    fclose(file);
    return result;
}

tabhost_tls_context *tabhost_tls_context_create(const char *certificate_path, const char *key_path, tabhost_tls_load_result *result,
                                                int *error_number, char *detail, size_t detail_size) {
    ERR_clear_error();
    *error_number = 0;
    if (detail_size > 0) detail[0] = 0;
    int failure = readable_file(certificate_path);
    if (failure != 0) {
        *result = TABHOST_TLS_CERTIFICATE_UNREADABLE;
        *error_number = failure;
        return NULL;
    }
    failure = readable_file(key_path);
    if (failure != 0) {
        *result = TABHOST_TLS_KEY_UNREADABLE;
        *error_number = failure;
        return NULL;
    }
    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
    if (ctx == NULL) {
        *result = TABHOST_TLS_CONTEXT_FAILED;
        copy_detail(detail, detail_size);
        return NULL;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    /* Renegotiation costs the server a handshake per request of a client's; nothing here needs it. */
    SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
    SSL_CTX_set_default_passwd_cb(ctx, refuse_password);
    SSL_CTX_set_alpn_select_cb(ctx, select_alpn, NULL);
    if (SSL_CTX_use_certificate_chain_file(ctx, certificate_path) != 1) {
        *result = TABHOST_TLS_CERTIFICATE_NOT_PEM;
        copy_detail(detail, detail_size);
        SSL_CTX_free(ctx);
        return NULL;
    }
    FILE *file = fopen(key_path, "re");
    if (file == NULL) {
        *result = TABHOST_TLS_KEY_UNREADABLE;
        *error_number = errno;
        SSL_CTX_free(ctx);
        return NULL;
    }
    EVP_PKEY *key = PEM_read_PrivateKey(file, NULL, refuse_password, NULL);
    fclose(file);
    if (key == NULL) {
        *result = TABHOST_TLS_KEY_NOT_PEM;
        copy_detail(detail, detail_size);
        SSL_CTX_free(ctx);
        return NULL;
    }
    X509 *certificate = SSL_CTX_get0_certificate(ctx);
    if (certificate == NULL || X509_check_private_key(certificate, key) != 1) {
        *result = TABHOST_TLS_KEY_MISMATCH;
        copy_detail(detail, detail_size);
        EVP_PKEY_free(key);
        SSL_CTX_free(ctx);
        return NULL;
    }
    int used = SSL_CTX_use_PrivateKey(ctx, key);
    EVP_PKEY_free(key);
    if (used != 1 || SSL_CTX_check_private_key(ctx) != 1) {
        *result = TABHOST_TLS_KEY_MISMATCH;
        copy_detail(detail, detail_size);
        SSL_CTX_free(ctx);
        return NULL;
    }
    tabhost_tls_context *context = calloc(1, sizeof *context);
    if (context == NULL) {
        *result = TABHOST_TLS_CONTEXT_FAILED;
        SSL_CTX_free(ctx);
        return NULL;
    }
    context->ctx = ctx;
    *result = TABHOST_TLS_LOADED;
    return context;
}

void tabhost_tls_context_free(tabhost_tls_context *context) {
    if (context == NULL) return;
    SSL_CTX_free(context->ctx);
    free(context);
}

int tabhost_tls_context_certificate_name(const tabhost_tls_context *context, char *name, size_t name_size) {
    if (name_size == 0) return 0;
    name[0] = 0;
    X509 *certificate = SSL_CTX_get0_certificate(context->ctx);
    if (certificate == NULL) return 0;
    int found = 0;
    GENERAL_NAMES *names = X509_get_ext_d2i(certificate, NID_subject_alt_name, NULL, NULL);
    for (int i = 0; names != NULL && i < sk_GENERAL_NAME_num(names) && !found; i++) {
        const GENERAL_NAME *entry = sk_GENERAL_NAME_value(names, i);
        if (entry->type == GEN_DNS) {
            /* A wildcard names no host to open. */
            const ASN1_STRING *text = entry->d.dNSName;
            int length = ASN1_STRING_length(text);
            if (length > 0 && (size_t)length < name_size && ASN1_STRING_get0_data(text)[0] != '*') {
                memcpy(name, ASN1_STRING_get0_data(text), (size_t)length);
                name[length] = 0;
                found = 1;
            }
        } else if (entry->type == GEN_IPADD) {
            const ASN1_OCTET_STRING *address = entry->d.iPAddress;
            int length = ASN1_STRING_length(address);
            int family = length == 4 ? AF_INET : length == 16 ? AF_INET6 : 0;
            if (family != 0 && inet_ntop(family, ASN1_STRING_get0_data(address), name, (socklen_t)name_size) != NULL) found = 1;
        }
    }
    GENERAL_NAMES_free(names);
    if (!found) {
        /* Measured first: given a short buffer, OpenSSL would copy a truncated name and report success. */
        X509_NAME *subject = X509_get_subject_name(certificate);
        int length = X509_NAME_get_text_by_NID(subject, NID_commonName, NULL, 0);
        found = length > 0 && (size_t)length < name_size &&
                X509_NAME_get_text_by_NID(subject, NID_commonName, name, (int)name_size) == length;
        if (!found) name[0] = 0;
    }
    ERR_clear_error();
    return found;
}

tabhost_tls_connection *tabhost_tls_connection_create(tabhost_tls_context *context) {
    ERR_clear_error();
    tabhost_tls_connection *connection = calloc(1, sizeof *connection);
    if (connection == NULL) return NULL;
    connection->ssl = SSL_new(context->ctx);
    connection->input = BIO_new(BIO_s_mem());
    connection->output = BIO_new(BIO_s_mem());
    if (connection->ssl == NULL || connection->input == NULL || connection->output == NULL) {
        BIO_free(connection->input);
        BIO_free(connection->output);
        SSL_free(connection->ssl);
        free(connection);
        ERR_clear_error();
        return NULL;
    }
    SSL_set_bio(connection->ssl, connection->input, connection->output);
    SSL_set_accept_state(connection->ssl);
    return connection;
}

void tabhost_tls_connection_free(tabhost_tls_connection *connection) {
    if (connection == NULL) return;
    SSL_free(connection->ssl);
    free(connection);
}

int tabhost_tls_connection_put_input(tabhost_tls_connection *connection, const uint8_t *bytes, size_t count) {
    ERR_clear_error();
    size_t written = 0;
    if (count > 0 && (BIO_write_ex(connection->input, bytes, count, &written) != 1 || written != count)) {
        snprintf(connection->error, sizeof connection->error, "out of memory");
        ERR_clear_error();
        return -1;
    }
    return 0;
}

/* The status for SSL_get_error's `code`, recording the reason of a failure. */
static tabhost_tls_status status_of(tabhost_tls_connection *connection, int code) {
    switch (code) {
    case SSL_ERROR_WANT_READ:
        ERR_clear_error();
        return TABHOST_TLS_WANT_INPUT;
    case SSL_ERROR_ZERO_RETURN:
        ERR_clear_error();
        return TABHOST_TLS_CLOSED;
    default:
        break;
    }
    copy_detail(connection->error, sizeof connection->error);
    if (connection->error[0] == 0) snprintf(connection->error, sizeof connection->error, "TLS error %d", code);
    return TABHOST_TLS_FAILED;
}

tabhost_tls_status tabhost_tls_connection_handshake(tabhost_tls_connection *connection) {
    ERR_clear_error();
    int done = SSL_do_handshake(connection->ssl);
    if (done == 1) return TABHOST_TLS_OK;
    return status_of(connection, SSL_get_error(connection->ssl, done));
}

tabhost_tls_status tabhost_tls_connection_read(tabhost_tls_connection *connection, uint8_t *bytes, size_t capacity, size_t *count) {
    ERR_clear_error();
    *count = 0;
    int done = SSL_read_ex(connection->ssl, bytes, capacity, count);
    if (done == 1) return TABHOST_TLS_OK;
    *count = 0;
    return status_of(connection, SSL_get_error(connection->ssl, done));
}

tabhost_tls_status tabhost_tls_connection_write(tabhost_tls_connection *connection, const uint8_t *bytes, size_t count) {
    size_t offset = 0;
    while (offset < count) {
        ERR_clear_error();
        size_t written = 0;
        int done = SSL_write_ex(connection->ssl, bytes + offset, count - offset, &written);
        if (done != 1) {
            tabhost_tls_status status = status_of(connection, SSL_get_error(connection->ssl, done));
            /* The output is a growing memory BIO: a write cannot wait for room, so anything else is fatal. */
            return status == TABHOST_TLS_OK ? TABHOST_TLS_FAILED : status;
        }
        offset += written;
    }
    return TABHOST_TLS_OK;
}

void tabhost_tls_connection_shutdown(tabhost_tls_connection *connection) {
    if (connection->shut || !SSL_is_init_finished(connection->ssl)) return;
    connection->shut = 1;
    ERR_clear_error();
    (void)SSL_shutdown(connection->ssl);
    ERR_clear_error();
}

size_t tabhost_tls_connection_pending_output(const tabhost_tls_connection *connection) {
    return BIO_ctrl_pending(connection->output);
}

size_t tabhost_tls_connection_take_output(tabhost_tls_connection *connection, uint8_t *bytes, size_t capacity) {
    size_t taken = 0;
    if (capacity == 0 || BIO_read_ex(connection->output, bytes, capacity, &taken) != 1) taken = 0;
    ERR_clear_error();
    return taken;
}

const char *tabhost_tls_connection_version(const tabhost_tls_connection *connection) {
    return SSL_is_init_finished(connection->ssl) ? SSL_get_version(connection->ssl) : "";
}

const char *tabhost_tls_connection_error(const tabhost_tls_connection *connection) {
    return connection->error;
}
