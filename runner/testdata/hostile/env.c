#include <stdio.h>
extern char **environ;
int main(void) { for (char **e = environ; *e; e++) puts(*e); return 0; }
