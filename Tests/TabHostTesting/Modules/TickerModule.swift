/// The `ticker` module the `tabhost test` and `ModuleTester` tests drive, written as a third party would,
/// against `tab_module.h` alone.
public enum TickerModule {
    /// The module: a bold `fires: N` line, a Start row (a 100 ms repeating timer, cancelled after its fifth
    /// firing, each one logged), a Crash button (SIGSEGV), a Slow button (400 ms of CPU time) and an Exec
    /// button (runs /bin/sh in a forked child, which the sandbox refuses without `exec`), a Push button (the
    /// module again, param "child", whose Done button finishes with the result "sent"); with a param that is an
    /// absolute path, a Read button (fopen of that path).
    public static let source = """
        #include "tab_module.h"
        #include <signal.h>
        #include <sys/wait.h>
        #include <unistd.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>

        typedef struct { const tab_host_api *api; tab_host *host; int fires; int child; char path[256]; } ticker;

        static void *create(const tab_host_api *api, tab_host *host) {
            ticker *t = calloc(1, sizeof *t);
            if (t) { t->api = api; t->host = host; }
            return t;
        }
        static void start(void *self, const char *param) {
            ticker *t = self;
            t->child = param != NULL && strcmp(param, "child") == 0;
            if (param != NULL && param[0] == '/') snprintf(t->path, sizeof t->path, "%s", param);
            t->api->set_title(t->host, param && param[0] ? param : "Ticker");
        }
        static void render(void *self, tab_view *view) {
            ticker *t = self;
            char line[64];
            snprintf(line, sizeof line, "fires: %d", t->fires);
            t->api->style(view, TAB_STYLE_BOLD);
            t->api->text(view, line);
            t->api->row(view, "Start", NULL, "start");
            t->api->button(view, "Crash", "crash");
            t->api->button(view, "Slow", "slow");
            t->api->button(view, "Exec", "exec");
            t->api->button(view, t->child ? "Done" : "Push", t->child ? "done" : "push");
            if (t->path[0]) t->api->button(view, "Read", "read");
        }
        static int is(const tab_event *e, const char *action) {
            return e->type == TAB_EVENT_ACTION && e->action != NULL && strcmp(e->action, action) == 0;
        }
        static void event(void *self, const tab_event *e) {
            ticker *t = self;
            if (is(e, "start")) {
                t->api->set_timer(t->host, "t", 100, 100);
            } else if (is(e, "crash")) {
                raise(SIGSEGV);
            } else if (is(e, "slow")) {
                clock_t begin = clock();
                while ((double)(clock() - begin) / CLOCKS_PER_SEC < 0.4) {}
            } else if (is(e, "exec")) {
                pid_t pid = fork();
                if (pid == 0) {
                    char *argv[] = {"sh", "-c", "exit 0", NULL};
                    char *envp[] = {NULL};
                    execve("/bin/sh", argv, envp);
                    _exit(1);
                }
                if (pid > 0) waitpid(pid, NULL, 0);
            } else if (is(e, "read")) {
                FILE *file = fopen(t->path, "r");
                if (file) fclose(file);
            } else if (is(e, "push")) {
                t->api->push(t->host, "ticker", "child", TAB_PUSH_OWN_STACK);
            } else if (is(e, "done")) {
                t->api->finish(t->host, "sent");
                return;
            } else if (e->type == TAB_EVENT_TIMER) {
                char message[32];
                snprintf(message, sizeof message, "fired %d", ++t->fires);
                t->api->log(t->host, TAB_LOG_INFO, message);
                if (t->fires == 5) t->api->cancel_timer(t->host, "t");
            }
            t->api->invalidate(t->host);
        }
        static void destroy(void *self) { free(self); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "ticker", .version = "1.0", .title = "Ticker",
            .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
}
