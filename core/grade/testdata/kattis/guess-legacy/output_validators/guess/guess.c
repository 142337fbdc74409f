/* The interactor of "Guess the number": it reads the secret number from
 * the test input, answers each guess on standard input with lower,
 * higher or correct on standard output, and allows ten guesses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *feedback;

static int verdict(int code, const char *msg, long n) {
	if (feedback) {
		fprintf(feedback, msg, n);
		fputc('\n', feedback);
		fclose(feedback);
	}
	return code;
}

int main(int argc, char **argv) {
	if (argc < 4)
		return 1;
	FILE *in = fopen(argv[1], "r");
	long secret, guess;
	if (!in || fscanf(in, "%ld", &secret) != 1)
		return 1;
	char path[4096];
	snprintf(path, sizeof path, "%sjudgemessage.txt", argv[3]);
	feedback = fopen(path, "w");
	if (!feedback)
		return 1;
	for (long used = 1; used <= 10; used++) {
		if (scanf("%ld", &guess) != 1)
			return verdict(43, "no guess %ld: the submission stopped guessing", used);
		if (guess < 1 || guess > 1000)
			return verdict(43, "guess %ld is out of range", guess);
		if (guess == secret) {
			printf("correct\n");
			fflush(stdout);
			return verdict(42, "guessed on guess %ld", used);
		}
		printf(guess < secret ? "higher\n" : "lower\n");
		fflush(stdout);
	}
	return verdict(43, "not guessed in %ld guesses", 10);
}
