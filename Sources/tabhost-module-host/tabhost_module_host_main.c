/*
 * tabhost-module-host: runs one tab module in a process of its own (see _CModuleHost, the library
 * that does the work, and tabhost_isolation.h, the protocol it speaks with the host).
 */
#include "tabhost_module_host.h"

int main(int argc, char **argv) { return tabhost_module_host_run(argc, argv); }
