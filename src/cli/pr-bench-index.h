/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once
int pr_bench_group (int argc, char **argv);
int pr_bench_query (int argc, char **argv);
