#include "tabhost_terminal.h"
int tabhost_term_placeholder(void) { return 0; }
