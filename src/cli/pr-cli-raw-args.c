/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Checks on the arguments as typed, before GLib reads them and loses
 * what they said.
 *
 * Number flags are read in decimal: strtod reads 0x1p-1 as 0.5 ("inf"
 * and "nan" pass here, and the range checks refuse them). Whole-number
 * flags are read in decimal. GLib reads them with strtol's base 0, so
 * that --case 0017 names case 15 (octal), --scan 010 scan 8 and --k 0x10
 * is 16: a case number copied with its leading zeros from a
 * register would quietly name another case. Such values are refused
 * before GLib reads them, saying how to write the number.
 *
 * A flag that takes one value, given twice with two values (--id a ...
 * --id b, --out x ... --out y), would keep the last without a word: which
 * was meant is not known, so it is refused.
 */
#define G_LOG_DOMAIN "pr-cli-raw-args"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-decimal.h"

static gboolean
takes_one_value (const GOptionEntry *entry)
{
  switch (entry->arg)
    {
    case G_OPTION_ARG_STRING:
    case G_OPTION_ARG_FILENAME:
    case G_OPTION_ARG_INT:
    case G_OPTION_ARG_INT64:
    case G_OPTION_ARG_DOUBLE:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
takes_value (const GOptionEntry *entry)
{
  return takes_one_value (entry) || entry->arg == G_OPTION_ARG_STRING_ARRAY ||
         entry->arg == G_OPTION_ARG_FILENAME_ARRAY;
}

static gboolean
is_whole_number_entry (const GOptionEntry *entry)
{
  return entry->arg == G_OPTION_ARG_INT || entry->arg == G_OPTION_ARG_INT64;
}

/* The entry in @lists that @arg names: "--NAME", "--GROUP-NAME" (GLib's
 * form for a group's flag), "-C"; @value is set to the text after "=",
 * if any. */
static const GOptionEntry *
find_entry (const GOptionEntry *const *lists,
            const char *const         *groups,
            const char                *arg,
            const char               **value)
{
  *value = NULL;
  if (g_str_has_prefix (arg, "--"))
    {
      const char *name = arg + 2;
      const char *equals = strchr (name, '=');
      gsize length = equals != NULL ? (gsize) (equals - name) : strlen (name);

      for (guint i = 0; lists[i] != NULL; i++)
        for (const GOptionEntry *entry = lists[i]; entry->long_name != NULL; entry++)
          {
            gsize prefix = groups[i] != NULL && strncmp (name, groups[i], strlen (groups[i])) == 0 &&
                           name[strlen (groups[i])] == '-' ? strlen (groups[i]) + 1 : 0;

            for (guint with_prefix = 0; with_prefix <= (prefix > 0 ? 1u : 0u); with_prefix++)
              {
                gsize skip = with_prefix ? prefix : 0;

                if (length - skip == strlen (entry->long_name) &&
                    strncmp (name + skip, entry->long_name, length - skip) == 0)
                  {
                    *value = equals != NULL ? equals + 1 : NULL;
                    return entry;
                  }
              }
          }
      return NULL;
    }
  /* GLib takes "-k" alone, its value the next argument. */
  if (arg[0] == '-' && arg[1] != '\0' && arg[1] != '-' && arg[2] == '\0')
    for (guint i = 0; lists[i] != NULL; i++)
      for (const GOptionEntry *entry = lists[i]; entry->long_name != NULL; entry++)
        if (entry->short_name != '\0' && entry->short_name == arg[1])
          return entry;
  return NULL;
}

/* Plain decimal: no leading zero before other digits, no "0x"; white
 * space and a sign before it are looked past, as strtol does. */
static gboolean
is_plain_decimal (const char *text)
{
  while (g_ascii_isspace (*text))
    text++;
  if (*text == '+' || *text == '-')
    text++;
  return !(text[0] == '0' && text[1] != '\0');
}

/**
 * pr_cli_check_raw_arguments:
 * @argc: the number of arguments
 * @argv: the arguments, before GLib parses them
 * @lists: (array zero-terminated=1): arrays of entries, each ended by one
 *   without a long name
 * @groups: for each of @lists, the name of its group (nullable, for the
 *   main entries)
 * @error: return location for a #GError
 *
 * Returns: %FALSE if a whole-number flag is given a value with a leading
 *   zero or in hexadecimal, or a one-value flag two different values
 */
gboolean
pr_cli_check_raw_arguments (int                        argc,
                            char                     **argv,
                            const GOptionEntry *const *lists,
                            const char *const         *groups,
                            GError                   **error)
{
  g_autoptr(GHashTable) given = g_hash_table_new (NULL, NULL);

  for (int i = 1; i < argc; i++)
    {
      const GOptionEntry *entry;
      const char *value;
      const char *earlier;

      if (strcmp (argv[i], "--") == 0)
        break;
      entry = find_entry (lists, groups, argv[i], &value);
      if (entry == NULL || !takes_value (entry))
        continue;
      if (value == NULL)
        {
          if (i + 1 >= argc)
            break;
          value = argv[++i];
        }
      if (is_whole_number_entry (entry) && !is_plain_decimal (value))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--%s takes a whole number written in decimal, not “%s”: write it without leading zeros "
                         "or “0x” (a leading 0 would be read as an octal number)"), entry->long_name, value);
          return FALSE;
        }
      if (entry->arg == G_OPTION_ARG_DOUBLE && !pr_decimal_parse (value, NULL))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--%s takes a number written in decimal, as 0.5 or 1e-3, not “%s”"), entry->long_name,
                       value);
          return FALSE;
        }
      if (!takes_one_value (entry))
        continue;
      earlier = g_hash_table_lookup (given, entry);
      if (earlier != NULL && strcmp (earlier, value) != 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--%s is given twice, as “%s” and as “%s”, but takes one value: give it once"),
                       entry->long_name, earlier, value);
          return FALSE;
        }
      g_hash_table_insert (given, (gpointer) entry, (gpointer) value);
    }
  return TRUE;
}

/* The entry of the next flag typed from argv[*at] on, its value passed
 * over, with *at left after them; NULL after the last, or at "--". */
static const GOptionEntry *
next_typed_entry (int                        argc,
                  char                     **argv,
                  const GOptionEntry *const *lists,
                  const char *const         *groups,
                  int                       *at)
{
  for (; *at < argc; (*at)++)
    {
      const GOptionEntry *entry;
      const char *value;

      if (strcmp (argv[*at], "--") == 0)
        return NULL;
      entry = find_entry (lists, groups, argv[*at], &value);
      if (entry == NULL)
        continue;
      if (takes_value (entry) && value == NULL)
        (*at)++;
      (*at)++;
      return entry;
    }
  return NULL;
}

/**
 * pr_cli_typed_flags:
 * @argc: the number of arguments
 * @argv: the arguments as typed, before GLib parsed them
 * @lists: (array zero-terminated=1): arrays of entries
 * @groups: for each of @lists, the name of its group
 * @of: one of @lists
 *
 * Which flags of @of were typed, whatever their values: a flag given at
 * its default (-k 3) is given all the same.
 *
 * Returns: (transfer full): their long names, each once
 */
char **
pr_cli_typed_flags (int                        argc,
                    char                     **argv,
                    const GOptionEntry *const *lists,
                    const char *const         *groups,
                    const GOptionEntry        *of)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const GOptionEntry *entry;
  int at = 1;

  while ((entry = next_typed_entry (argc, argv, lists, groups, &at)) != NULL)
    {
      for (const GOptionEntry *mine = of; mine->long_name != NULL; mine++)
        if (mine == entry)
          {
            if (!g_ptr_array_find_with_equal_func (names, entry->long_name, g_str_equal, NULL))
              g_ptr_array_add (names, (gpointer) entry->long_name);
            break;
          }
    }
  g_ptr_array_add (names, NULL);
  return g_strdupv ((char **) names->pdata);
}

/* The entry @name of @lists, or NULL. */
static const GOptionEntry *
entry_named (const GOptionEntry *const *lists,
             const char                *name)
{
  for (guint i = 0; lists[i] != NULL; i++)
    for (const GOptionEntry *entry = lists[i]; entry->long_name != NULL; entry++)
      if (strcmp (entry->long_name, name) == 0)
        return entry;
  return NULL;
}

/* Whether the switch @name of @lists is on. */
static gboolean
switch_on (const GOptionEntry *const *lists,
           const char                *name)
{
  const GOptionEntry *entry = entry_named (lists, name);

  return entry != NULL && entry->arg == G_OPTION_ARG_NONE && *(gboolean *) entry->arg_data;
}

/**
 * pr_cli_check_flags_in_effect:
 * @argc: the number of arguments
 * @argv: the arguments as typed, before GLib parsed them
 * @lists: (array zero-terminated=1): arrays of entries, parsed into
 * @groups: for each of @lists, the name of its group
 * @error: return location for a #GError
 *
 * A flag that another flag makes idle (--probability with
 * --no-second-stage, --containment with --no-parts, --shingle-words with
 * --parts clauses, --new-history without --store, --password-file
 * without --db or with --sample) would be dropped
 * without a word, the command answering as if it were not given: it is
 * refused, naming both.
 *
 * Returns: %FALSE with @error naming the idle flag and the one that idles it
 */
gboolean
pr_cli_check_flags_in_effect (int                        argc,
                              char                     **argv,
                              const GOptionEntry *const *lists,
                              const char *const         *groups,
                              GError                   **error)
{
  static const char *const parts_flags[] = { "containment", "containment-same", "min-shared", "min-shared-short",
                                             "part-max-records",
                                             "parts", "shingle-words", "shingle-window", NULL };
  static const char *const shingle_flags[] = { "shingle-words", "shingle-window", NULL };
  static const char *const second_stage_flags[] = { "probability", "folds", "fold-seed", "repeat-weights", "costs",
                                                    "read-weights", NULL };
  const GOptionEntry *parts = entry_named (lists, "parts");
  const GOptionEntry *store = entry_named (lists, "store");
  const GOptionEntry *db = entry_named (lists, "db");
  gboolean clauses = parts != NULL && g_strcmp0 (*(char **) parts->arg_data, "clauses") == 0;
  const GOptionEntry *entry;
  int at = 1;

  while ((entry = next_typed_entry (argc, argv, lists, groups, &at)) != NULL)
    {
      const char *idle_by = NULL;

      if (g_strv_contains (parts_flags, entry->long_name) && switch_on (lists, "no-parts"))
        idle_by = "--no-parts";
      else if (g_strv_contains (shingle_flags, entry->long_name) && clauses)
        idle_by = "--parts clauses";
      else if (g_strv_contains (second_stage_flags, entry->long_name) && switch_on (lists, "no-second-stage"))
        idle_by = "--no-second-stage";
      else if (strcmp (entry->long_name, "password-file") == 0 && db != NULL && *(char **) db->arg_data == NULL &&
               !switch_on (lists, "sample"))
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                               _("--password-file is the database's password, and the records are read from a file "
                                 "(no --db): leave it out"));
          return FALSE;
        }
      else if (strcmp (entry->long_name, "password-file") == 0 && switch_on (lists, "sample"))
        {
          /* The sample server is the program's own, with a user of its own
           * and no password: the file would be read for nothing. */
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                               _("--password-file is the database's password, and --sample reads the program's own "
                                 "sample server, which needs none: leave it out, or give --db instead of --sample"));
          return FALSE;
        }
      else if (strcmp (entry->long_name, "new-history") == 0 && store != NULL &&
               *(char **) store->arg_data == NULL)
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                               _("--new-history goes with --store: without a store there is no history to begin"));
          return FALSE;
        }
      if (idle_by != NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                       _("--%s has no effect with %s, so the command would answer as if it were not given: "
                         "leave out one of the two"), entry->long_name, idle_by);
          return FALSE;
        }
    }
  return TRUE;
}
