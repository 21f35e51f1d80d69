/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "petition-review-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-cli-program.h"

static const PrCliCommandInfo commands[] = {
  { "scan", pr_cli_scan, N_("Find the clusters of repeat records in a CSV file or a database table") },
  { "fingerprint", pr_cli_fingerprint, N_("Print each record's 64-bit fingerprint") },
  { "eval", pr_cli_eval, N_("Measure precision and recall against labelled pairs") },
  { "check", pr_cli_check, N_("Find the stored records that one record repeats") },
  { "explain", pr_cli_explain, N_("Show why two records match, or do not") },
  { "thresholds", pr_cli_thresholds, N_("Show what each k near the scan's would find (a threshold preview)") },
  { "decisions", pr_cli_decisions, N_("Export the reviewers' decisions (decisions export)") },
  { "learn", pr_cli_learn, N_("Learn the second stage's weights for a table from the reviewers' verdicts") },
  { "repeats", pr_cli_repeats, N_("Print the new repeats a scan with --store found, again") },
  { "move-history", pr_cli_move_history, N_("Move a renamed table's history in the store to its new name") },
};

static const PrCliProgram program = {
  "petition-review-cli",
  N_("Usage: petition-review-cli COMMAND [OPTION…]"),
  N_("Commands:"),
  N_("Run “petition-review-cli COMMAND --help” for a command’s options."),
  /* TRANSLATORS: the first %s is what the user typed, the second the list of commands */
  N_("petition-review-cli: unknown command “%s” (commands: %s)"),
  commands,
  G_N_ELEMENTS (commands),
};

int
main (int    argc,
      char **argv)
{
  return pr_cli_program_main (&program, argc, argv);
}
