import Foundation

/// A program that runs another as its child while it is a subreaper (`PR_SET_CHILD_SUBREAPER`), as the
/// system's init is for every process: what the child leaves behind comes to it. When the child has been
/// reaped it prints `status N, left M` (the child's exit status, or 128 + its signal, and how many
/// processes are its own children at that moment), then reaps those. For tests that check a command or a
/// host ends every process it started before it exits, rather than leaving some for init to reap.
///
/// Usage: `subreaper [--quiet] PROGRAM [ARGUMENT…]` (`--quiet`: the child's stdout and stderr go to
/// /dev/null, so that only the count is printed).
public enum Subreaper {
    /// Compiles the program with cc into `directory` and returns its path.
    public static func build(into directory: String) throws -> String {
        try Fixture.compileModule(source, to: directory + "/subreaper", flags: ["-O1", "-Wall", "-Werror"])
    }

    static let source = """
        #include <dirent.h>
        #include <signal.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/prctl.h>
        #include <sys/wait.h>
        #include <unistd.h>
        #include <fcntl.h>
        static int left(void) {
            char path[320], text[4096];
            int count = 0;
            DIR *tasks = opendir("/proc/self/task");
            if (tasks == NULL) return -1;
            struct dirent *task;
            while ((task = readdir(tasks)) != NULL) {
                if (task->d_name[0] == '.') continue;
                snprintf(path, sizeof path, "/proc/self/task/%s/children", task->d_name);
                FILE *children = fopen(path, "r");
                if (children == NULL) continue;
                size_t n = fread(text, 1, sizeof text - 1, children);
                fclose(children);
                text[n] = 0;
                for (char *word = strtok(text, " \\n"); word != NULL; word = strtok(NULL, " \\n")) count++;
            }
            closedir(tasks);
            return count;
        }
        int main(int argc, char **argv) {
            int quiet = argc > 1 && strcmp(argv[1], "--quiet") == 0;
            if (argc < 2 + quiet || prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) return 2;
            pid_t child = fork();
            if (child == 0) {
                if (quiet) {
                    int null = open("/dev/null", O_RDWR);
                    dup2(null, 1);
                    dup2(null, 2);
                }
                execv(argv[1 + quiet], argv + 1 + quiet);
                _exit(127);
            }
            int status = 0;
            if (child < 0 || waitpid(child, &status, 0) != child) return 2;
            int count = left();
            printf("status %d, left %d\\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), count);
            fflush(stdout);
            while (count > 0 && wait(NULL) > 0) continue;
            return 0;
        }
        """
}
