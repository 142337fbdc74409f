// Interactor for hidden-number, run as
//
//	interactor <input> <answer> <feedback_dir>/ < submission's output > submission's input
//
// It tells the submission n, answers at most 30 questions "? y" with <, >
// or =, and judges the final "! x": exit 42 accepted, 43 wrong answer,
// with what happened in <feedback_dir>/judgemessage.txt.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace {

const int kMaxQuestions = 30;
std::string feedback_dir;

[[noreturn]] void finish(int code, const std::string &message) {
	std::ofstream(feedback_dir + "judgemessage.txt") << message << '\n';
	std::exit(code);
}

[[noreturn]] void wrong(const std::string &message) { finish(43, message); }

// parse reads a whole line "c y": one character, one space, an integer in
// [1, n].
bool parse(const std::string &line, char &c, long long &y, long long n) {
	std::istringstream in(line);
	std::string word, rest;
	if (!(in >> word) || word.size() != 1 || !(in >> y) || (in >> rest))
		return false;
	c = word[0];
	return y >= 1 && y <= n;
}

}  // namespace

int main(int argc, char **argv) {
	if (argc < 4) {
		std::fprintf(stderr, "usage: interactor input answer feedback_dir/\n");
		return 1;
	}
	feedback_dir = argv[3];
	long long n = 0, x = 0;
	std::ifstream input(argv[1]);
	if (!(input >> n >> x)) {
		std::fprintf(stderr, "cannot read n and x from %s\n", argv[1]);
		return 1;
	}
	std::cout << n << std::endl;
	std::string line;
	for (int asked = 0;;) {
		if (!std::getline(std::cin, line))
			wrong("the submission ended without an answer (questions asked: " + std::to_string(asked) + ")");
		char c;
		long long y;
		if (!parse(line, c, y, n) || (c != '?' && c != '!'))
			wrong("malformed line \"" + line.substr(0, 40) + "\" (want \"? y\" or \"! x\" with 1 <= y <= " + std::to_string(n) + ")");
		if (c == '!') {
			if (y != x)
				wrong("answered " + std::to_string(y) + ", the hidden number was " + std::to_string(x));
			finish(42, "found " + std::to_string(x) + " with " + std::to_string(asked) + " questions");
		}
		if (++asked > kMaxQuestions)
			wrong("more than " + std::to_string(kMaxQuestions) + " questions");
		std::cout << (x < y ? "<" : x > y ? ">" : "=") << std::endl;
	}
}
