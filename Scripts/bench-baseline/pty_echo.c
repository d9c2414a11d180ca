/*
 * pty_echo.c: the floor of a key's round trip through a pseudo-terminal. Puts its terminal in raw mode
 * and writes every byte it reads straight back; Ctrl-C (0x03) ends it. Scripts/bench times a key against it.
 */
#include <stdio.h>
#include <termios.h>
#include <unistd.h>

int main(void) {
    struct termios saved, raw;
    if (tcgetattr(STDIN_FILENO, &saved) != 0) {
        perror("pty_echo: tcgetattr");
        return 1;
    }
    raw = saved;
    cfmakeraw(&raw);
    if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) != 0) {
        perror("pty_echo: tcsetattr");
        return 1;
    }
    if (write(STDOUT_FILENO, "ready\r\n", 7) != 7) return 1;
    char byte;
    while (read(STDIN_FILENO, &byte, 1) == 1 && byte != 0x03) {
        if (write(STDOUT_FILENO, &byte, 1) != 1) break;
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    return 0;
}
