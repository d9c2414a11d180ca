#include "tabhost_ltdl.h"

#include <dlfcn.h>
#include <ltdl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t tabhost_lt_lock = PTHREAD_MUTEX_INITIALIZER;
static int tabhost_lt_initialized = 0;

/* Caller holds the lock. */
static void tabhost_lt_copy_error(char *error, size_t cap, const char *fallback) {
    if (error == NULL || cap == 0) return;
    const char *message = lt_dlerror();
    snprintf(error, cap, "%s", message != NULL ? message : fallback);
}

/* Caller holds the lock. */
static int tabhost_lt_init_locked(char *error, size_t cap) {
    if (tabhost_lt_initialized) return 0;
    if (lt_dlinit() != 0) {
        tabhost_lt_copy_error(error, cap, "lt_dlinit failed");
        return -1;
    }
    tabhost_lt_initialized = 1;
    return 0;
}

int tabhost_lt_init(char *error, size_t error_cap) {
    pthread_mutex_lock(&tabhost_lt_lock);
    int result = tabhost_lt_init_locked(error, error_cap);
    pthread_mutex_unlock(&tabhost_lt_lock);
    return result;
}

tabhost_lt_image *tabhost_lt_open(const char *path, char *error, size_t error_cap) {
    pthread_mutex_lock(&tabhost_lt_lock);
    lt_dlhandle handle = NULL;
    lt_dladvise advise;
    if (tabhost_lt_init_locked(error, error_cap) != 0) goto out;
    if (lt_dladvise_init(&advise) != 0) {
        tabhost_lt_copy_error(error, error_cap, "lt_dladvise_init failed");
        goto out;
    }
    if (lt_dladvise_local(&advise) != 0) {
        tabhost_lt_copy_error(error, error_cap, "lt_dladvise_local failed");
        lt_dladvise_destroy(&advise);
        goto out;
    }
    (void)lt_dlerror(); /* clear a stale message */
    handle = lt_dlopenadvise(path, advise);
    if (handle == NULL) tabhost_lt_copy_error(error, error_cap, "cannot open the file");
    lt_dladvise_destroy(&advise);
out:
    pthread_mutex_unlock(&tabhost_lt_lock);
    return (tabhost_lt_image *)handle;
}

void *tabhost_lt_symbol(tabhost_lt_image *image, const char *symbol, char *error, size_t error_cap) {
    pthread_mutex_lock(&tabhost_lt_lock);
    (void)lt_dlerror();
    /* By its own name alone, as lt_dlsym finally does: lt_dlsym first asks for NAME_LTX_symbol (a
       libtool convention no module uses), and that miss made the C library format and translate an
       error message for every file opened. */
    const lt_dlinfo *info = lt_dlgetinfo((lt_dlhandle)image);
    void *raw = info != NULL && info->filename != NULL ? dlopen(info->filename, RTLD_LAZY | RTLD_NOLOAD) : NULL;
    void *address;
    if (raw != NULL) {
        address = dlsym(raw, symbol);
        dlclose(raw);
        if (address == NULL && error != NULL && error_cap > 0) snprintf(error, error_cap, "symbol not found");
    } else {
        address = lt_dlsym((lt_dlhandle)image, symbol);
        if (address == NULL) tabhost_lt_copy_error(error, error_cap, "symbol not found");
    }
    pthread_mutex_unlock(&tabhost_lt_lock);
    return address;
}

int tabhost_lt_make_resident(tabhost_lt_image *image) {
    pthread_mutex_lock(&tabhost_lt_lock);
    int result = lt_dlmakeresident((lt_dlhandle)image);
    pthread_mutex_unlock(&tabhost_lt_lock);
    return result;
}

int tabhost_lt_is_resident(tabhost_lt_image *image) {
    pthread_mutex_lock(&tabhost_lt_lock);
    int result = lt_dlisresident((lt_dlhandle)image);
    pthread_mutex_unlock(&tabhost_lt_lock);
    return result == 1;
}

int tabhost_lt_close(tabhost_lt_image *image, char *error, size_t error_cap) {
    pthread_mutex_lock(&tabhost_lt_lock);
    (void)lt_dlerror();
    int result = lt_dlclose((lt_dlhandle)image);
    if (result != 0) tabhost_lt_copy_error(error, error_cap, "lt_dlclose failed");
    pthread_mutex_unlock(&tabhost_lt_lock);
    return result;
}
