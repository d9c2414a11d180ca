/*
 * tabhost_curl.h: HTTPS downloads through libcurl for `tabhost install` and `tabhost update`: one
 * function that fetches a URL into a file descriptor, HTTPS only (redirects included), certificate
 * and host name verified against the system's CA store or the files SSL_CERT_FILE and SSL_CERT_DIR
 * name, with a size limit enforced while the bytes arrive. libcurl's setopt is variadic, which Swift
 * cannot call: everything that touches it is here.
 */
#ifndef TABHOST_CURL_H
#define TABHOST_CURL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/** Told as bytes arrive: how many so far, and the total when the server said it (else 0). */
typedef void (*tabhost_curl_progress_fn)(void *_Nullable context, uint64_t received, uint64_t total);

/** Why a download failed, besides libcurl's own codes (returned as negative numbers). */
enum tabhost_curl_failure {
    TABHOST_CURL_OK = 0,
    TABHOST_CURL_NOT_HTTPS = -1,     /* the URL (or a redirect) is not https */
    TABHOST_CURL_TOO_LARGE = -2,     /* more than max_bytes (announced or received) */
    TABHOST_CURL_HTTP_STATUS = -3,   /* an HTTP status of 400 or more: see *status */
    TABHOST_CURL_WRITE_FAILED = -4,  /* writing to the file descriptor failed: see *write_errno */
    TABHOST_CURL_SETUP_FAILED = -5   /* libcurl could not be initialised */
};

/** What one download did. */
typedef struct tabhost_curl_result {
    /** 0, a `tabhost_curl_failure`, or libcurl's CURLcode (positive). */
    int code;
    /** The last HTTP status received (0 before any). */
    long status;
    /** Bytes written to the descriptor. */
    uint64_t received;
    /** errno of a failed write. */
    int write_errno;
    /** libcurl's text for its code, or the reason of a tabhost failure (NUL-terminated). */
    char message[512];
} tabhost_curl_result;

/**
 * Fetches `url` (https only, at most 5 redirects, each https) into `fd`, at most `max_bytes` bytes.
 * `ca_file` and `ca_directory` (each optional) replace libcurl's built-in CA store, as SSL_CERT_FILE
 * and SSL_CERT_DIR do for OpenSSL. `connect_timeout_seconds` bounds the connection; a transfer slower
 * than `minimum_bytes_per_second` for `stall_seconds` is abandoned, and so is one still going after
 * `deadline_seconds` (0: none), so a server trickling bytes cannot keep it going for ever.
 * `progress` (optional) is told as bytes arrive. Returns result->code.
 */
int tabhost_curl_download(const char *url, int fd, uint64_t max_bytes, const char *_Nullable ca_file,
                          const char *_Nullable ca_directory, long connect_timeout_seconds, long stall_seconds,
                          long minimum_bytes_per_second, long deadline_seconds,
                          tabhost_curl_progress_fn _Nullable progress, void *_Nullable context,
                          tabhost_curl_result *result);

/** An anonymous file in memory (memfd, close-on-exec) for a small download read back whole; -1 with errno. */
int tabhost_curl_memory_file(void);

/** libcurl's version text ("libcurl/7.88.1 OpenSSL/3.0.x …"). */
const char *tabhost_curl_version(void);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif /* TABHOST_CURL_H */
