#define _GNU_SOURCE
#include "tabhost_curl.h"

#include <curl/curl.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#pragma clang assume_nonnull begin

typedef struct tabhost_curl_sink {
    int fd;
    uint64_t max_bytes;
    uint64_t received;
    int write_errno;
    int too_large;
    tabhost_curl_progress_fn _Nullable progress;
    void *_Nullable context;
    uint64_t announced;
    CURL *_Nullable curl;
} tabhost_curl_sink;

static pthread_once_t tabhost_curl_once = PTHREAD_ONCE_INIT;
static CURLcode tabhost_curl_global = CURLE_OK;

static void tabhost_curl_global_init(void) { tabhost_curl_global = curl_global_init(CURL_GLOBAL_DEFAULT); }

static size_t tabhost_curl_write(char *data, size_t size, size_t count, void *opaque) {
    tabhost_curl_sink *sink = opaque;
    size_t total = size * count;
    if (sink->received + total > sink->max_bytes) {
        sink->too_large = 1;
        return 0; /* CURLE_WRITE_ERROR: the transfer stops here */
    }
    size_t done = 0;
    while (done < total) {
        ssize_t written = write(sink->fd, data + done, total - done);
        if (written < 0) {
            if (errno == EINTR) continue;
            sink->write_errno = errno;
            return 0;
        }
        done += (size_t)written;
    }
    sink->received += total;
    if (sink->announced == 0 && sink->curl != NULL) {
        /* The headers are in before the first byte of the body: the total is known here if it is at all. */
        curl_off_t length = -1;
        if (curl_easy_getinfo(sink->curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) == CURLE_OK && length > 0) {
            sink->announced = (uint64_t)length;
        }
    }
    if (sink->progress) sink->progress(sink->context, sink->received, sink->announced);
    return total;
}

static int tabhost_curl_xferinfo(void *opaque, curl_off_t download_total, curl_off_t download_now, curl_off_t upload_total,
                                 curl_off_t upload_now) {
    (void)download_now;
    (void)upload_total;
    (void)upload_now;
    tabhost_curl_sink *sink = opaque;
    if (download_total > 0) {
        sink->announced = (uint64_t)download_total;
        /* A server that announces more than the limit is refused before its bytes arrive. */
        if ((uint64_t)download_total > sink->max_bytes) {
            sink->too_large = 1;
            return 1;
        }
    }
    return 0;
}

static int tabhost_curl_fail(tabhost_curl_result *result, int code, const char *message) {
    result->code = code;
    snprintf(result->message, sizeof result->message, "%s", message);
    return code;
}

int tabhost_curl_download(const char *url, int fd, uint64_t max_bytes, const char *_Nullable ca_file,
                          const char *_Nullable ca_directory, long connect_timeout_seconds, long stall_seconds,
                          long minimum_bytes_per_second, long deadline_seconds,
                          tabhost_curl_progress_fn _Nullable progress, void *_Nullable context,
                          tabhost_curl_result *result) {
    memset(result, 0, sizeof *result);
    if (strncasecmp(url, "https://", 8) != 0) return tabhost_curl_fail(result, TABHOST_CURL_NOT_HTTPS, "not an https URL");
    pthread_once(&tabhost_curl_once, tabhost_curl_global_init);
    if (tabhost_curl_global != CURLE_OK) return tabhost_curl_fail(result, TABHOST_CURL_SETUP_FAILED, "libcurl could not start");
    CURL *curl = curl_easy_init();
    if (curl == NULL) return tabhost_curl_fail(result, TABHOST_CURL_SETUP_FAILED, "libcurl could not start");

    tabhost_curl_sink sink = {.fd = fd, .max_bytes = max_bytes, .progress = progress, .context = context, .curl = curl};
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    /* https only, for the URL and every redirect: a plain http hop would undo the verification. */
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(curl, CURLOPT_SSLVERSION, (long)CURL_SSLVERSION_TLSv1_2);
    if (ca_file != NULL) curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file);
    if (ca_directory != NULL) curl_easy_setopt(curl, CURLOPT_CAPATH, ca_directory);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, connect_timeout_seconds);
    /* A rate, not just "a byte now and then": one byte every 0.9 s never stalls a 1 byte/s limit. */
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, minimum_bytes_per_second > 0 ? minimum_bytes_per_second : 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, stall_seconds);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, deadline_seconds > 0 ? deadline_seconds : 0L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)(max_bytes > INT64_MAX ? INT64_MAX : max_bytes));
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, tabhost_curl_write);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, tabhost_curl_xferinfo);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &sink);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "tabhost");
    /* Bundles are compressed already; a feed is small. No Accept-Encoding games. */
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    result->received = sink.received;
    curl_easy_cleanup(curl);

    if (sink.too_large || code == CURLE_FILESIZE_EXCEEDED) {
        return tabhost_curl_fail(result, TABHOST_CURL_TOO_LARGE, "larger than allowed");
    }
    if (sink.write_errno != 0) {
        result->write_errno = sink.write_errno;
        return tabhost_curl_fail(result, TABHOST_CURL_WRITE_FAILED, strerror(sink.write_errno));
    }
    if (code == CURLE_UNSUPPORTED_PROTOCOL) {
        return tabhost_curl_fail(result, TABHOST_CURL_NOT_HTTPS, error[0] ? error : "redirected to a URL that is not https");
    }
    if (code != CURLE_OK) {
        result->code = (int)code;
        snprintf(result->message, sizeof result->message, "%s", error[0] ? error : curl_easy_strerror(code));
        return result->code;
    }
    if (result->status >= 400) {
        return tabhost_curl_fail(result, TABHOST_CURL_HTTP_STATUS, "the server answered with an error status");
    }
    result->code = TABHOST_CURL_OK;
    return 0;
}

int tabhost_curl_memory_file(void) { return memfd_create("tabhost-fetch", MFD_CLOEXEC); }

const char *tabhost_curl_version(void) { return curl_version(); }

#pragma clang assume_nonnull end
