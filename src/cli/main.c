/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "petition-review-cli"

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-cli.h"

static const struct {
  const char   *name;
  PrCliCommand  run;
  const char   *summary;
} commands[] = {
  { "scan", pr_cli_scan, N_("Find the clusters of repeat records in a CSV file or a database table") },
  { "fingerprint", pr_cli_fingerprint, N_("Print each record's 64-bit fingerprint") },
  { "eval", pr_cli_eval, N_("Measure precision and recall against labelled pairs") },
  { "check", pr_cli_check, N_("Find the stored records that one record repeats") },
  { "explain", pr_cli_explain, N_("Show why two records match, or do not") },
  { "thresholds", pr_cli_thresholds, N_("Show what each k near the scan's would find (a threshold preview)") },
  { "decisions", pr_cli_decisions, N_("Export the reviewers' decisions (decisions export)") },
};

static void
usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: petition-review-cli COMMAND [OPTION…]"));
  fprintf (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Run “petition-review-cli COMMAND --help” for a command’s options."));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("petition-review-cli");

  if (argc < 2)
    {
      usage (stderr);
      return 2;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      usage (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("petition-review-cli %s\n", PACKAGE_VERSION);
      return 0;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        /* --help's usage line is "petition-review-cli scan [OPTION…]". */
        pr_cli_set_command_name (commands[i].name);
        return commands[i].run (argc - 1, argv + 1);
      }

  fprintf (stderr, _("petition-review-cli: unknown command “%s” (commands: scan, fingerprint, eval, check, explain, thresholds, decisions)\n"),
           argv[1]);
  return 2;
}
