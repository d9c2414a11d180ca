import Foundation

/// The hostile fixture of issue 31, built from the header alone: its `start` tries what a module
/// granted nothing must not do, and what the default profile allows, and its render shows one line
/// per try ("read secret: EACCES", "own file: allowed").
enum HostileModule {
    /// Where the fixture aims: paths outside its directory, and the listeners the test opened.
    struct Targets {
        var secret: String
        var written: String
        var tcpPort: UInt16
        var udpPort: UInt16
        var abstractName: String
    }

    /// The tries' labels, in the order the module shows them; the first ones must be denied.
    static let denied = [
        "read secret", "write elsewhere", "list home", "tcp connect", "udp send", "abstract socket", "exec sh",
        "signal host", "host environ", "host memory", forkBomb,
    ]
    /// The one try denied with EAGAIN (the process limit), not EACCES or EPERM: fewer than 256 of its
    /// 256 forks succeed.
    static let forkBomb = "fork bomb"
    /// What the default profile allows.
    static let allowed = ["own file", "data dir", "tmp dir"]

    /// C source of the module `hostile`, declaring `permissions` (ABI 1.2's descriptor field) when given.
    static func source(_ targets: Targets, permissions: String? = nil) -> String {
        let declared = permissions.map { ".permissions = \"\($0)\"," } ?? ""
        return """
            #define _GNU_SOURCE
            #include "tab_module.h"
            #include <arpa/inet.h>
            #include <dirent.h>
            #include <errno.h>
            #include <fcntl.h>
            #include <signal.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <sys/socket.h>
            #include <sys/un.h>
            #include <sys/wait.h>
            #include <unistd.h>
            static char results[16][96];
            static int count;
            static void note(const char *label, int failed) {
                const char *name = !failed ? "allowed" : errno == EACCES ? "EACCES" : errno == EPERM ? "EPERM"
                                 : errno == EAGAIN ? "EAGAIN" : errno == ESRCH ? "ESRCH" : NULL;
                if (name) snprintf(results[count++], 96, "%s: %s", label, name);
                else snprintf(results[count++], 96, "%s: errno %d", label, errno);
            }
            static int open_close(const char *path, int flags) {
                int fd = open(path, flags, 0600);
                if (fd < 0) return 1;
                if ((flags & O_ACCMODE) != O_RDONLY && write(fd, "x", 1) != 1) { close(fd); return 1; }
                close(fd);
                return 0;
            }
            static int inet(int type, uint16_t port) {
                int fd = socket(AF_INET, type, 0);
                if (fd < 0) return 1;
                struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
                a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
                int failed = type == SOCK_STREAM ? connect(fd, (struct sockaddr *)&a, sizeof a) != 0
                                                 : sendto(fd, "x", 1, 0, (struct sockaddr *)&a, sizeof a) != 1;
                int saved = errno; close(fd); errno = saved;
                return failed;
            }
            static int abstract_socket(const char *name) {
                int fd = socket(AF_UNIX, SOCK_STREAM, 0);
                if (fd < 0) return 1;
                struct sockaddr_un a = { .sun_family = AF_UNIX };
                memcpy(a.sun_path + 1, name, strlen(name));
                int failed = connect(fd, (struct sockaddr *)&a, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(name))) != 0;
                int saved = errno; close(fd); errno = saved;
                return failed;
            }
            static int exec_sh(void) {
                pid_t pid = fork();
                if (pid < 0) return 1;
                if (pid == 0) {
                    char *argv[] = {"sh", "-c", "exit 0", NULL};
                    char *envp[] = {NULL};
                    execve("/bin/sh", argv, envp);
                    _exit(errno == EPERM ? 101 : errno == EACCES ? 102 : 103);
                }
                int status = 0;
                waitpid(pid, &status, 0);
                int code = WIFEXITED(status) ? WEXITSTATUS(status) : 104;
                errno = code == 101 ? EPERM : code == 102 ? EACCES : EIO;
                return code != 0;
            }
            /* 256 children that wait until they are counted, then are killed and reaped; fails when
               fewer than 256 forks succeed, with the failed fork's errno. */
            static int fork_bomb(void) {
                static pid_t children[256];
                int forked = 0, error = 0;
                while (forked < 256) {
                    pid_t pid = fork();
                    if (pid == 0) { for (;;) pause(); }
                    if (pid < 0) { error = errno; break; }
                    children[forked++] = pid;
                }
                for (int i = 0; i < forked; i++) kill(children[i], SIGKILL);
                for (int i = 0; i < forked; i++) waitpid(children[i], NULL, 0);
                errno = error;
                return forked < 256;
            }
            static void tries(const tab_host_api *api, tab_host *host) {
                count = 0;
                char path[4096];
                note("read secret", open_close("\(targets.secret)", O_RDONLY));
                note("write elsewhere", open_close("\(targets.written)", O_WRONLY | O_CREAT));
                const char *home = getenv("HOME");
                DIR *dir = opendir(home ? home : "/root");
                note("list home", dir == NULL);
                if (dir) closedir(dir);
                note("tcp connect", inet(SOCK_STREAM, \(targets.tcpPort)));
                note("udp send", inet(SOCK_DGRAM, \(targets.udpPort)));
                note("abstract socket", abstract_socket("\(targets.abstractName)"));
                note("exec sh", exec_sh());
                /* In its PID namespace the host has no pid (getppid() is 0): nothing to aim at (ESRCH). */
                pid_t host_pid = getppid();
                if (host_pid == 0) errno = ESRCH;
                note("signal host", host_pid == 0 || kill(host_pid, 0) != 0);
                if (host_pid == 0) errno = ESRCH;
                snprintf(path, sizeof path, "/proc/%d/environ", (int)host_pid);
                note("host environ", host_pid == 0 || open_close(path, O_RDONLY));
                if (host_pid == 0) errno = ESRCH;
                snprintf(path, sizeof path, "/proc/%d/mem", (int)host_pid);
                note("host memory", host_pid == 0 || open_close(path, O_RDONLY));
                note("fork bomb", fork_bomb());
                const char *own = api->module_dir(host);
                snprintf(path, sizeof path, "%s/own.txt", own ? own : "/nonexistent");
                note("own file", open_close(path, O_RDONLY));
                const char *data = api->data_dir(host);
                snprintf(path, sizeof path, "%s/kept.txt", data ? data : "/nonexistent");
                note("data dir", open_close(path, O_WRONLY | O_CREAT) || open_close(path, O_RDONLY));
                const char *tmp = getenv("TMPDIR");
                snprintf(path, sizeof path, "%s/scratch.txt", tmp ? tmp : "/tmp");
                note("tmp dir", open_close(path, O_WRONLY | O_CREAT));
                /* Without the sandbox TMPDIR is the host's own (/tmp in a test run): leave nothing there. */
                unlink(path);
            }
            typedef struct fixture { const tab_host_api *api; tab_host *host; } fixture;
            static void *create(const tab_host_api *api, tab_host *host) {
                fixture *self = calloc(1, sizeof(*self));
                if (self == NULL) return NULL;
                self->api = api;
                self->host = host;
                return self;
            }
            static void start(void *opaque, const char *param) {
                (void)param;
                fixture *self = opaque;
                tries(self->api, self->host);
            }
            static void render(void *opaque, tab_view *view) {
                fixture *self = opaque;
                self->api->section(view, "Tries");
                for (int i = 0; i < count; i++) self->api->text(view, results[i]);
                self->api->text(view, "tries done");
            }
            static void destroy(void *opaque) { free(opaque); }
            static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .name = "hostile", .version = "1.0", .title = "Hostile", \(declared)
                .create = create, .start = start, .render = render, .destroy = destroy,
            };
            const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
            """
    }
}
