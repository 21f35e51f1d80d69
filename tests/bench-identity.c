/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Not a test: what reading name cells costs. Reads each line of a file
 * (one name cell a line, such as a table's petitioner column) into an
 * identity table beside one shared phone, finishes it and compares every
 * record with the next, as many rounds as asked; prints the processor and
 * wall time, and a sum of the answers, which two builds that read alike
 * print equal.
 *
 *   bench-identity CELLS-FILE [ROUNDS]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "pr-identity.h"

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) cells = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0, rounds = argc > 2 ? (guint) atoi (argv[2]) : 5;
  guint64 sum = 0;
  double cpu, wall;

  if (argc < 2 || !g_file_get_contents (argv[1], &text, NULL, &error))
    {
      g_printerr ("usage: bench-identity CELLS-FILE [ROUNDS]%s%s\n", error != NULL ? ": " : "",
                  error != NULL ? error->message : "");
      return 2;
    }
  cells = g_strsplit (text, "\n", -1);
  n = g_strv_length (cells);
  cpu = cpu_seconds ();
  wall = g_get_monotonic_time () / 1e6;
  for (guint r = 0; r < rounds; r++)
    {
      g_autoptr(PrIdentityTable) table = pr_identity_table_new ();

      for (guint i = 0; i < n; i++)
        {
          pr_identity_table_add_record (table);
          pr_identity_table_add_value (table, PR_IDENTITY_NAME, cells[i], -1);
          pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "13812348000", -1);
        }
      pr_identity_table_finish (table);
      for (guint i = 1; i < n; i++)
        sum += pr_identity_table_compare (table, i - 1, i, NULL);
    }
  printf ("%u cells, %u rounds: %.2f s CPU, %.2f s wall (answers %" G_GUINT64_FORMAT ")\n", n, rounds,
          cpu_seconds () - cpu, g_get_monotonic_time () / 1e6 - wall, sum);
  return 0;
}
