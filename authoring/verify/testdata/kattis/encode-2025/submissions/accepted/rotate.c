#include <stdio.h>
#include <string.h>

/* Encodes by shifting each letter one on, decodes by shifting back. */
int main(void) {
	char mode[16], word[128];
	if (scanf("%15s %127s", mode, word) != 2)
		return 1;
	int step = strcmp(mode, "encode") == 0 ? 1 : 25;
	for (char *c = word; *c; c++)
		*c = 'a' + (*c - 'a' + step) % 26;
	printf("%s\n", word);
	return 0;
}
