#define _GNU_SOURCE
#include "tabhost_dev.h"

#include <fcntl.h>
#include <unistd.h>

int tabhost_dev_pipe(int fds[_Nonnull 2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    int flags = fcntl(fds[0], F_GETFL);
    if (flags < 0 || fcntl(fds[0], F_SETFL, flags | O_NONBLOCK) != 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    return 0;
}
