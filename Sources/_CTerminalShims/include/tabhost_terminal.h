#ifndef TABHOST_TERMINAL_H
#define TABHOST_TERMINAL_H
/* Terminal and signal plumbing (filled in by the terminal front end). */
int tabhost_term_placeholder(void);
#endif
