/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The top level of a program of subcommands: the locale, --help, --version
 * and the dispatch to a command. petition-review-cli and the developers'
 * petition-review-bench are both such programs.
 */
#define G_LOG_DOMAIN "pr-cli-program"

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-cli-program.h"
#include "pr-memory-stop.h"
#include "pr-output-file.h"

static void
usage (const PrCliProgram *program,
       FILE               *out)
{
  fprintf (out, "%s\n\n", _(program->usage));
  fprintf (out, "%s\n", _(program->heading));
  for (guint i = 0; i < program->n_commands; i++)
    fprintf (out, "  %-12s %s\n", program->commands[i].name, _(program->commands[i].summary));
  fprintf (out, "\n%s\n", _(program->more));
}

/* A command that printed its answer with printf() learns of a failed
 * write (a full disk, /dev/full, a closed pipe's reader gone) only here:
 * without this check it would exit 0 with the answer cut short or lost. */
static int
finish_standard_output (int status)
{
  int saved_errno;

  errno = 0;
  if (fflush (stdout) == 0 && !ferror (stdout))
    return status;
  saved_errno = errno;
  if (saved_errno != 0)
    fprintf (stderr, _("%s: cannot write standard output: %s; what was printed is incomplete\n"),
             g_get_prgname (), g_strerror (saved_errno));
  else
    fprintf (stderr, _("%s: cannot write standard output; what was printed is incomplete\n"), g_get_prgname ());
  return status == 0 ? 1 : status;
}

/**
 * pr_cli_program_main:
 * @program: the program's commands and texts
 * @argc: main()'s
 * @argv: main()'s
 *
 * Sets up the locale and runs the command argv[1] names, with the
 * prgname "PROGRAM COMMAND" so that its --help's usage line is one the
 * user can type.
 *
 * Returns: the exit status: the command's, 0 for --help and --version, 2
 *   for no command or an unknown one
 */
int
pr_cli_program_main (const PrCliProgram  *program,
                     int                  argc,
                     char               **argv)
{
  g_autoptr(GString) names = g_string_new (NULL);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname (program->name);
  pr_output_file_remove_on_signal ();
  pr_memory_stop_install ();

  if (argc < 2)
    {
      usage (program, stderr);
      return 2;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      usage (program, stdout);
      return finish_standard_output (0);
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("%s %s\n", program->name, PACKAGE_VERSION);
      return finish_standard_output (0);
    }

  for (guint i = 0; i < program->n_commands; i++)
    if (strcmp (argv[1], program->commands[i].name) == 0)
      {
        g_autofree char *name = g_strconcat (program->name, " ", program->commands[i].name, NULL);

        g_set_prgname (name);
        return finish_standard_output (program->commands[i].run (argc - 1, argv + 1));
      }

  for (guint i = 0; i < program->n_commands; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", program->commands[i].name);
  fprintf (stderr, _(program->unknown), argv[1], names->str);
  fputc ('\n', stderr);
  return 2;
}
