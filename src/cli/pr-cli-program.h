/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef int (*PrCliCommand) (int argc, char **argv);

typedef struct {
  const char   *name;
  PrCliCommand  run;
  const char   *summary;   /* marked N_(), translated when shown */
} PrCliCommandInfo;

/* A program of subcommands; the texts are marked N_() and say COMMAND (or
 * what the program calls it) where the user types one. */
typedef struct {
  const char             *name;      /* "petition-review-cli" */
  const char             *usage;     /* "Usage: petition-review-cli COMMAND [OPTION…]" */
  const char             *heading;   /* "Commands:" */
  const char             *more;      /* "Run “… COMMAND --help” for …" */
  const char             *unknown;   /* "…: unknown command “%s” (commands: %s)" */
  const PrCliCommandInfo *commands;
  guint                   n_commands;
} PrCliProgram;

int pr_cli_program_main (const PrCliProgram  *program,
                         int                  argc,
                         char               **argv);

G_END_DECLS
