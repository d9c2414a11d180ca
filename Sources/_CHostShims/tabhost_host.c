#define _GNU_SOURCE
#include "tabhost_host.h"

#include <fcntl.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>

int tabhost_wakeup_open(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

void tabhost_wakeup_signal(int fd) {
    uint64_t one = 1;
    /* EAGAIN means the counter is saturated: the loop is woken anyway. */
    ssize_t written = write(fd, &one, sizeof one);
    (void)written;
}

void tabhost_wakeup_drain(int fd) {
    uint64_t value;
    ssize_t got = read(fd, &value, sizeof value);
    (void)got;
}

int tabhost_host_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
