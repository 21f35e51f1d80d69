#include "pr-bench-index.h"
int pr_bench_group (int argc, char **argv) { return 2; }
int pr_bench_query (int argc, char **argv) { return 2; }
