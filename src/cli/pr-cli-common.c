/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the subcommands share: the mapping flags and the mapping built
 * from them, loading the records with a progress line, and the notes on
 * what was read. Connections are in pr-cli-connection.c, output files in
 * pr-cli-outputs.c.
 */
#define G_LOG_DOMAIN "pr-cli-common"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixoutputstream.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "pr-block-index.h"
#include "pr-cli.h"
#include "pr-date-column.h"
#include "pr-decimal.h"
#include "pr-pair-judge.h"
#include "pr-catalog.h"
#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"
#include "pr-idf.h"
#include "pr-output-path.h"
#include "pr-record-reader.h"
#include "pr-sample-server.h"
#include "pr-scan-options.h"

const char pr_cli_idf_help[] =
  N_("Weigh each word of the text fields also by its inverse document frequency among the records read, "
     "ln (records / records with the word)");
const char pr_cli_idf_max_share_help[] =
  N_("Leave out of the fingerprint the words found in more than this share of the records read "
     "(above 0, at most 1; without the flag, none)");
const char pr_cli_idf_max_share_arg[] = N_("S");

void
pr_cli_mapping_options_init (PrCliMappingOptions *options)
{
  memset (options, 0, sizeof *options);
  options->k = 3;
  options->min_tokens = PR_DEFAULT_MIN_TOKENS;
  options->containment = PR_PART_DEFAULT_MIN_CONTAINMENT;
  options->containment_same = PR_PART_DEFAULT_MIN_CONTAINMENT_SAME_PETITIONER;
  options->part_max_records = PR_PART_DEFAULT_MAX_RECORDS;
  options->min_shared = PR_PART_DEFAULT_MIN_SHARED_TOKENS;
  options->min_shared_short = PR_CLI_MIN_SHARED_SHORT_UNSET;
  options->shingle_words = PR_PART_DEFAULT_SHINGLE_WORDS;
  options->shingle_window = PR_PART_DEFAULT_SHINGLE_WINDOW;
  /* Told apart from a 0 given on purpose (pr_cli_parse_command). */
  options->idf_max_share = -G_MAXDOUBLE;
}

/* How the flags say to cut the parts; an unknown --parts was refused when
 * the flags were parsed (pr_cli_parse_command ()). */
PrPartMethod
pr_cli_part_method (PrCliMappingOptions *options)
{
  PrPartMethod method = { PR_PART_KIND_DEFAULT, 0, 0 };

  if (g_strcmp0 (options->parts, "clauses") == 0)
    method.kind = PR_PART_KIND_CLAUSES;
  else if (g_strcmp0 (options->parts, "shingles") == 0)
    method.kind = PR_PART_KIND_SHINGLES;
  method.shingle_words = (guint) CLAMP (options->shingle_words, 1, PR_PART_MAX_SHINGLE_WORDS);
  method.shingle_window = (guint) CLAMP (options->shingle_window, 1, PR_PART_MAX_SHINGLE_WINDOW);
  return pr_part_method_resolve (&method);
}

/**
 * pr_cli_check_range:
 * @flag: the flag's name, without the dashes
 * @value: its value
 * @min: the smallest it may be
 * @max: the largest
 *
 * Refuses a number flag's value outside [@min, @max], and NaN, which
 * compares with nothing and would slip through any other test.
 *
 * Returns: %FALSE with @error naming the flag, the value and the range
 */
gboolean
pr_cli_check_range (const char  *flag,
                    double       value,
                    double       min,
                    double       max,
                    GError     **error)
{
  if (value >= min && value <= max)
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--%s must be a number from %.15g to %.15g, not %.15g"), flag, min, max, value);
  return FALSE;
}

/**
 * pr_cli_parse_optional_number:
 * @flag: the flag's name, without the dashes
 * @text: (nullable): its value as typed, taken as a string option; %NULL
 *   when the flag was not given
 * @min: the smallest it may be
 * @max: the largest
 * @given: (out): whether the flag was given
 * @value: (out): then its value; left alone otherwise
 *
 * For a number flag whose absence means something (a default found later):
 * no value of the number's own can stand for "not given", since a user
 * may type any of them, so the flag is read as text and its absence is
 * the text's. A given value is read as GOption reads a double, then held
 * to [@min, @max] by pr_cli_check_range().
 *
 * Returns: %FALSE with @error naming the flag, the value and the range
 */
gboolean
pr_cli_parse_optional_number (const char  *flag,
                              const char  *text,
                              double       min,
                              double       max,
                              gboolean    *given,
                              double      *value,
                              GError     **error)
{
  double parsed;

  *given = text != NULL;
  if (text == NULL)
    return TRUE;
  /* Too near 0 for a double (1e-400), strtod gives 0 or a few bits of
   * it, which would be taken without a word: refused as GOption refuses
   * it for a number flag. */
  errno = 0;       /* pr_decimal_parse () reads with g_ascii_strtod (), which sets it */
  if (!pr_decimal_parse (text, &parsed) || (errno == ERANGE && fabs (parsed) < DBL_MIN))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--%s must be a number from %.15g to %.15g, not “%s”"), flag, min, max, text);
      return FALSE;
    }
  if (!pr_cli_check_range (flag, parsed, min, max, error))
    return FALSE;
  *value = parsed;
  return TRUE;
}

/* Every number flag the mapping group has, checked before any work. */
static gboolean
pr_cli_check_numbers (PrCliMappingOptions  *options,
                      GError              **error)
{
  return pr_cli_check_range ("min-tokens", options->min_tokens, 0, PR_CLI_MAX_MIN_TOKENS, error) &&
         pr_cli_check_range ("threads", options->threads, 0, PR_CLI_MAX_THREADS, error) &&
         pr_cli_check_range ("containment", options->containment, 0, 1, error) &&
         pr_cli_check_range ("containment-same", options->containment_same, 0, 1, error) &&
         pr_cli_check_range ("part-max-records", options->part_max_records, 2, G_MAXINT, error) &&
         pr_cli_check_range ("min-shared", options->min_shared, 1, G_MAXINT, error) &&
         (options->min_shared_short == PR_CLI_MIN_SHARED_SHORT_UNSET ||
          pr_cli_check_range ("min-shared-short", options->min_shared_short, 0, G_MAXINT, error)) &&
         pr_cli_check_range ("shingle-words", options->shingle_words, 1, PR_PART_MAX_SHINGLE_WORDS, error) &&
         pr_cli_check_range ("shingle-window", options->shingle_window, 1, PR_PART_MAX_SHINGLE_WINDOW, error) &&
         pr_cli_check_range ("idf-max-share", options->idf_max_share, 0, 1, error);
}

/* Refuses a --parts that is neither method, and sizes out of range. */
static gboolean
pr_cli_check_part_method (PrCliMappingOptions  *options,
                          GError              **error)
{
  if (options->parts != NULL && g_strcmp0 (options->parts, "clauses") != 0 &&
      g_strcmp0 (options->parts, "shingles") != 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--parts must be “clauses” or “shingles”, not “%s”"), options->parts);
      return FALSE;
    }
  return pr_cli_check_numbers (options, error);
}

/* The second stage judges generous candidates: its own passages'
 * thresholds, unless the flags name others. */
void
pr_cli_second_stage_candidates (PrCliMappingOptions *options)
{
  PrPartMatchOptions parts = pr_cli_part_options (options);

  pr_scan_options_candidates (&parts);
  options->containment = parts.min_containment;
  options->containment_same = parts.min_containment_same_petitioner;
  options->min_shared_short = (int) parts.min_shared_tokens_short;
}

/* The second stage is the default; --second-stage is still taken, and
 * --no-second-stage turns it off. Both at once say nothing clear. */
gboolean
pr_cli_check_second_stage (gboolean  on,
                           gboolean  off,
                           GError  **error)
{
  if (on && off)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--second-stage and --no-second-stage contradict each other: give one of them"));
      return FALSE;
    }
  return TRUE;
}

/* The part matcher's settings of the flags. */
PrPartMatchOptions
pr_cli_part_options (PrCliMappingOptions *options)
{
  PrPartMatchOptions part = {
    .max_records_per_part = (guint) MAX (options->part_max_records, 2),
    .min_containment = options->containment,
    .min_containment_same_petitioner = options->containment_same,
    .min_shared_tokens = (guint) MAX (options->min_shared, 1),
    .min_shared_tokens_short = (guint) MAX (options->min_shared_short, 0),
  };

  /* 0 given turns the rule off: short records need --min-shared words
   * too, which no default of the second stage's candidates replaces. */
  if (options->min_shared_short == 0)
    part.min_shared_tokens_short = part.min_shared_tokens;

  return part;
}

void
pr_cli_mapping_options_clear (PrCliMappingOptions *options)
{
  g_clear_pointer (&options->id, g_free);
  g_clear_pointer (&options->date, g_free);
  g_clear_pointer (&options->status, g_free);
  g_clear_pointer (&options->accepted, g_free);
  g_clear_pointer (&options->unit, g_free);
  g_clear_pointer (&options->category, g_free);
  g_clear_pointer (&options->date_format, g_free);
  g_clear_pointer (&options->encoding, g_free);
  g_clear_pointer (&options->column_encodings, g_strfreev);
  g_clear_pointer (&options->short_specs, g_strfreev);
  g_clear_pointer (&options->petitioners, g_strfreev);
  g_clear_pointer (&options->names, g_strfreev);
  g_clear_pointer (&options->id_cards, g_strfreev);
  g_clear_pointer (&options->phones, g_strfreev);
  g_clear_pointer (&options->addresses, g_strfreev);
  g_clear_pointer (&options->text_specs, g_strfreev);
  g_clear_pointer (&options->parts, g_free);
  g_clear_pointer (&options->db, g_free);
  g_clear_pointer (&options->table, g_free);
  g_clear_pointer (&options->password_file, g_free);
  g_clear_pointer (&options->typed, g_strfreev);
  if (options->sample_server != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!pr_sample_server_stop (options->sample_server, &error))
        fprintf (stderr, "petition-review-cli: %s\n", error->message);
      g_clear_pointer (&options->sample_server, pr_sample_server_free);
    }
}

/* The mapping group's entries, for the group and for the check of
 * whole-number values; free with g_free(). */
GOptionEntry *
pr_cli_mapping_option_entries (PrCliMappingOptions *options)
{
  const GOptionEntry entries[] = {
    { "id", 0, 0, G_OPTION_ARG_STRING, &options->id,
      N_("Column with the record id (default: the record's number)"), N_("COL") },
    { "short", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->short_specs,
      N_("Short field: its whole value is one feature, weight W (default 2); repeatable"), N_("COL[:W]") },
    { "text", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->text_specs,
      N_("Text field: each word is a feature, by term frequency times W (default 1); repeatable"), N_("COL[:W]") },
    { "petitioner", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->petitioners,
      N_("Short field with an identifier of who sent the record, unique by itself (an account id): records "
         "that agree on it are by the same petitioner; a short field of weight 2 if not given as one; "
         "repeatable"), N_("COL") },
    { "name", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->names,
      N_("Column with the petitioner's name: evidence only with an equal address or phone; read for the "
         "evidence alone (weight 0) unless given as --short too; repeatable"), N_("COL") },
    { "id-card", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->id_cards,
      N_("Column with the petitioner's ID card number (居民身份证号): an equal valid number is the same "
         "petitioner; read for the evidence alone (weight 0) unless given as --short too; repeatable"), N_("COL") },
    { "phone", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->phones,
      N_("Column with the petitioner's phone numbers: an equal number is the same petitioner unless names or "
         "ID cards differ or many names share it; read for the evidence alone (weight 0) unless given as "
         "--short too; repeatable"), N_("COL") },
    { "address", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->addresses,
      N_("Column with the petitioner's address: evidence only with an equal name; read for the evidence alone "
         "(weight 0) unless given as --short too; repeatable"), N_("COL") },
    { "date", 0, 0, G_OPTION_ARG_STRING, &options->date,
      N_("Column with the record's date: the earliest record is a cluster's primary"), N_("COL") },
    { "status", 0, 0, G_OPTION_ARG_STRING, &options->status,
      N_("Column with the case's state (受理, 办理中, 办结, 复查, 复核…), read through the rules' words (see --rules "
         "of scan): what a repeat of the case calls for"), N_("COL") },
    { "accepted", 0, 0, G_OPTION_ARG_STRING, &options->accepted,
      N_("Column with the day the case (or the review it is in) was accepted: its periods count from it"), N_("COL") },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &options->unit,
      N_("Column with the body that received the record: the same person's same text sent within a few days to "
         "different bodies is one letter sent to several, not a repeat"), N_("COL") },
    { "category", 0, 0, G_OPTION_ARG_STRING, &options->category,
      N_("Short field naming the matter's category: one person's records in one category within 90 days are "
         "offered as “same person, other words”; a short field of weight 2 if not given as one"), N_("COL") },
    { "date-format", 0, 0, G_OPTION_ARG_STRING, &options->date_format,
      N_("How to read a date whose year comes last, such as 08/06/2019: DMY (day first), MDY (month first), "
         "or YMD (only dates whose year comes first; others are counted as unreadable)"), N_("ORDER") },
    { "k", 'k', 0, G_OPTION_ARG_INT, &options->k,
      N_("Largest Hamming distance between near-duplicates (default 3)"), N_("K") },
    { "min-tokens", 0, 0, G_OPTION_ARG_INT, &options->min_tokens,
      N_("Records whose text fields give fewer words are not matched (default 3)"), N_("N") },
    { "encoding", 0, 0, G_OPTION_ARG_STRING, &options->encoding,
      N_("Character set of the CSV file, e.g. GB18030 (default UTF-8)"), N_("NAME") },
    { "force-encoding", 0, 0, G_OPTION_ARG_NONE, &options->force_encoding,
      N_("Read the CSV file in --encoding, or with --db the columns in their encodings, even where the text "
         "looks read in the wrong encoding"), NULL },
    { "column-encoding", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->column_encodings,
      N_("With --db: the encoding a column's bytes are really in, e.g. body=GBK (whatever the column's "
         "character set says); repeatable"), N_("COL=ENC") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &options->threads,
      N_("Threads to use (default: one per processor)"), N_("N") },
    { "no-fold-traditional", 0, 0, G_OPTION_ARG_NONE, &options->no_fold_traditional,
      N_("Do not fold Traditional Chinese characters to Simplified"), NULL },
    { "no-normalize", 0, 0, G_OPTION_ARG_NONE, &options->no_normalize,
      N_("Skip NFKC and case folding (the published method, for comparison)"), NULL },
    { "no-parts", 0, 0, G_OPTION_ARG_NONE, &options->no_parts,
      N_("Match on whole-record fingerprints only, not also on shared passages"), NULL },
    { "containment", 0, 0, G_OPTION_ARG_DOUBLE, &options->containment,
      N_("Share of the smaller record's words two records must share in passages to match on them (default 0.6)"), N_("C") },
    { "containment-same", 0, 0, G_OPTION_ARG_DOUBLE, &options->containment_same,
      N_("The same for two records of the same petitioner (see --petitioner; default 0.5)"), N_("C") },
    { "part-max-records", 0, 0, G_OPTION_ARG_INT, &options->part_max_records,
      N_("A passage found in more records than this is boilerplate and not matched on (default 12)"), N_("N") },
    { "min-shared", 0, 0, G_OPTION_ARG_INT, &options->min_shared,
      N_("Words two records must share in passages to match on them (default 20)"), N_("N") },
    { "min-shared-short", 0, 0, G_OPTION_ARG_INT, &options->min_shared_short,
      N_("The same when the smaller record has fewer than 30 words, if fewer than --min-shared (default 10 for "
         "the second stage's candidates, none without it; 0 for none)"),
      N_("N") },
    { "parts", 0, 0, G_OPTION_ARG_STRING, &options->parts,
      N_("How to cut the text into parts to match on: “clauses” (between punctuation) or “shingles” "
         "(winnowed runs of words, punctuation left out) (default shingles)"), N_("METHOD") },
    { "shingle-words", 0, 0, G_OPTION_ARG_INT, &options->shingle_words,
      N_("With --parts shingles: words in a shingle (default 5)"), N_("Q") },
    { "shingle-window", 0, 0, G_OPTION_ARG_INT, &options->shingle_window,
      N_("With --parts shingles: keep the smallest of every W shingles' hashes (default 6)"), N_("W") },
    { "db", 0, 0, G_OPTION_ARG_STRING, &options->db,
      N_("Read a database table instead of a CSV file: mariadb://USER@HOST:PORT/DATABASE"), N_("URI") },
    { "table", 0, 0, G_OPTION_ARG_STRING, &options->table,
      N_("The table to read, with --db"), N_("TABLE") },
    { "sample", 0, 0, G_OPTION_ARG_NONE, &options->sample,
      N_("Read the bundled sample petitions from a private database server, started for this run"), NULL },
    { "password-file", 0, 0, G_OPTION_ARG_FILENAME, &options->password_file,
      N_("Read the database password from FILE (default: $PETITION_REVIEW_PASSWORD, else none)"), N_("FILE") },
    { NULL }
  };

  return g_memdup2 (entries, sizeof entries);
}

GOptionGroup *
pr_cli_mapping_option_group (PrCliMappingOptions *options)
{
  g_autofree GOptionEntry *entries = pr_cli_mapping_option_entries (options);
  GOptionGroup *group = g_option_group_new ("mapping", _("Column mapping and matching:"),
                                            _("Show the column mapping options"), NULL, NULL);

  g_option_group_add_entries (group, entries);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);

  return group;
}

static gboolean
pr_cli_check_k (int       k,
                GError  **error)
{
  if (k < 0 || k > PR_BLOCK_INDEX_MAX_K)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--k must be from 0 to %d, not %d"), PR_BLOCK_INDEX_MAX_K, k);
      return FALSE;
    }
  return TRUE;
}

/* --column-encoding COL=ENC, on a mapping built from the flags or guessed. */
static gboolean
apply_column_encodings (PrCliMappingOptions  *options,
                        PrMapping            *mapping,
                        GError              **error)
{
  for (guint i = 0; options->column_encodings != NULL && options->column_encodings[i] != NULL; i++)
    {
      const char *spec = options->column_encodings[i];
      const char *equals = strrchr (spec, '=');
      g_autofree char *name = equals != NULL ? g_strndup (spec, equals - spec) : NULL;

      if (equals == NULL || equals == spec || equals[1] == '\0')
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--column-encoding takes COLUMN=ENCODING, e.g. body=GBK, not “%s”"), spec);
          return FALSE;
        }
      /* Given twice with two encodings, one would be dropped without a
       * word; one encoding named twice (gb18030, GB18030) is one. */
      for (guint j = 0; j < i; j++)
        {
          const char *earlier = options->column_encodings[j];
          const char *earlier_equals = strrchr (earlier, '=');

          if (earlier_equals != NULL && (gsize) (earlier_equals - earlier) == strlen (name) &&
              strncmp (earlier, name, strlen (name)) == 0 &&
              !pr_mapping_same_encoding (earlier_equals + 1, equals + 1))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--column-encoding gives column “%s” twice (%s and %s): give it once"), name,
                           earlier_equals + 1, equals + 1);
              return FALSE;
            }
        }
      if (!pr_mapping_set_encoding (mapping, name, equals + 1, error))
        return FALSE;
    }
  if (options->force_encoding && (options->db != NULL || options->sample))
    pr_mapping_force_encodings (mapping);
  return TRUE;
}

/* --petitioner, --name, --id-card, --phone, --address: each column a short
 * field unless it is mapped already: of weight 2 for --petitioner, as it
 * always was; of weight 0 for the others, read for the evidence only, since
 * their written forms (138-0000-1111, +86 13800001111) differ between one
 * person's records and would set the fingerprints apart. */
static gboolean
add_identity_columns (PrMapping       *mapping,
                      char           **names,
                      PrIdentityRole   role,
                      GError         **error)
{
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      gboolean mapped = FALSE;

      for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
        mapped |= strcmp (pr_mapping_get_column (mapping, c)->name, names[i]) == 0;
      if ((!mapped && !pr_mapping_add (mapping, names[i], PR_COLUMN_ROLE_SHORT,
                                       role == PR_IDENTITY_PETITIONER ? PR_SHORT_DEFAULT_WEIGHT : 0, error)) ||
          !pr_mapping_set_identity (mapping, names[i], role, error))
        {
          g_prefix_error (error, "--%s %s: ", pr_identity_role_to_string (role), names[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* --status, --accepted, --unit and --category, on a mapping built from the
 * flags or guessed (@guessed: a guessed role gives way to the flag's). */
static gboolean
apply_case_columns (PrCliMappingOptions  *options,
                    PrMapping            *mapping,
                    gboolean              guessed,
                    GError              **error)
{
  const struct { const char *name; PrColumnRole role; const char *flag; } roles[] = {
    { options->status, PR_COLUMN_ROLE_STATUS, "--status" },
    { options->accepted, PR_COLUMN_ROLE_ACCEPTED, "--accepted" },
    { options->unit, PR_COLUMN_ROLE_UNIT, "--unit" },
  };
  g_autoptr(GError) local_error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (roles); i++)
    {
      if (roles[i].name == NULL)
        continue;
      for (guint c = 0; guessed && c < pr_mapping_get_n_columns (mapping); c++)
        if (strcmp (pr_mapping_get_column (mapping, c)->name, roles[i].name) == 0 &&
            pr_mapping_get_column (mapping, c)->role == PR_COLUMN_ROLE_ID)
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("%s %s: that column is the table's id; name another column, or give the whole mapping "
                           "(--id, --text, --short…)"), roles[i].flag, roles[i].name);
            return FALSE;
          }
      if (guessed)
        pr_mapping_remove (mapping, roles[i].name);
      if (!pr_mapping_add (mapping, roles[i].name, roles[i].role, 0, &local_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s %s: %s", roles[i].flag, roles[i].name,
                       local_error->message);
          return FALSE;
        }
    }
  if (options->category != NULL)
    {
      int found = -1;

      for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
        if (strcmp (pr_mapping_get_column (mapping, c)->name, options->category) == 0)
          found = (int) c;
      if (guessed && found >= 0 && pr_mapping_get_column (mapping, found)->role != PR_COLUMN_ROLE_SHORT)
        {
          pr_mapping_remove (mapping, options->category);
          found = -1;
        }
      if ((found < 0 && !pr_mapping_add (mapping, options->category, PR_COLUMN_ROLE_SHORT, PR_SHORT_DEFAULT_WEIGHT,
                                         &local_error)) ||
          !pr_mapping_set_category (mapping, options->category, &local_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--category %s: %s", options->category,
                       local_error->message);
          return FALSE;
        }
    }
  /* The day accepted counts a case's period, which its state chooses. */
  if (options->accepted != NULL && pr_mapping_find (mapping, PR_COLUMN_ROLE_STATUS) < 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--accepted %s counts the period of a case's state, but no column gives the state, so it "
                     "would change nothing: add --status COLUMN, or leave out --accepted"), options->accepted);
      return FALSE;
    }
  /* The body tells a letter sent to several from a repeat of the same
   * petitioner only: without a column saying who sent it, none is. */
  if (options->unit != NULL && pr_mapping_count_petitioner (mapping) == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--unit %s tells a letter sent to several bodies from the same petitioner's repeat, but no "
                     "column says who sent a record, so it would change nothing: add one (--petitioner, --name, "
                     "--id-card, --phone or --address), or leave out --unit"), options->unit);
      return FALSE;
    }
  return TRUE;
}

/**
 * pr_cli_build_mapping:
 * @options: the parsed flags
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the mapping the flags describe
 */
PrMapping *
pr_cli_build_mapping (PrCliMappingOptions  *options,
                      GError              **error)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GError) local_error = NULL;

  if (options->short_specs == NULL && options->text_specs == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("no column to fingerprint: give --text COL and/or --short COL"));
      return NULL;
    }
  if (!pr_cli_check_numbers (options, error))
    return NULL;

  if ((options->id != NULL && !pr_mapping_add (mapping, options->id, PR_COLUMN_ROLE_ID, 0, &local_error)) ||
      (options->date != NULL && !pr_mapping_add (mapping, options->date, PR_COLUMN_ROLE_DATE, 0, &local_error)))
    goto bad_flags;
  for (guint i = 0; options->short_specs != NULL && options->short_specs[i] != NULL; i++)
    if (!pr_mapping_add_spec (mapping, PR_COLUMN_ROLE_SHORT, options->short_specs[i], &local_error))
      {
        g_prefix_error (&local_error, "--short %s: ", options->short_specs[i]);
        goto bad_flags;
      }
  for (guint i = 0; options->text_specs != NULL && options->text_specs[i] != NULL; i++)
    if (!pr_mapping_add_spec (mapping, PR_COLUMN_ROLE_TEXT, options->text_specs[i], &local_error))
      {
        g_prefix_error (&local_error, "--text %s: ", options->text_specs[i]);
        goto bad_flags;
      }
  if (!add_identity_columns (mapping, options->petitioners, PR_IDENTITY_PETITIONER, &local_error) ||
      !add_identity_columns (mapping, options->names, PR_IDENTITY_NAME, &local_error) ||
      !add_identity_columns (mapping, options->id_cards, PR_IDENTITY_ID_CARD, &local_error) ||
      !add_identity_columns (mapping, options->phones, PR_IDENTITY_PHONE, &local_error) ||
      !add_identity_columns (mapping, options->addresses, PR_IDENTITY_ADDRESS, &local_error))
    goto bad_flags;
  if (!apply_column_encodings (options, mapping, &local_error))
    goto bad_flags;
  if (!apply_case_columns (options, mapping, FALSE, error))
    return NULL;

  return g_steal_pointer (&mapping);

bad_flags:
  /* A bad weight or a column named twice is wrong usage, as a bad flag is. */
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, local_error->message);
  return NULL;
}

static void
show_progress (guint64  records,
               guint64  bytes_read,
               guint64  bytes_total,
               gpointer user_data)
{
  PrCliProgress *progress = user_data;
  gint64 now = g_get_monotonic_time ();

  if (now - progress->last < G_USEC_PER_SEC / 10)
    return;
  progress->last = now;

  fputc ('\r', stderr);
  if (bytes_total > 0)
    fprintf (stderr, ngettext ("Reading: %llu record, %.0f %%", "Reading: %llu records, %.0f %%", (gulong) records),
             (unsigned long long) records, 100.0 * MIN (bytes_read, bytes_total) / bytes_total);
  else
    fprintf (stderr, ngettext ("Reading: %llu record", "Reading: %llu records", (gulong) records),
             (unsigned long long) records);
  fflush (stderr);
}

/**
 * pr_cli_progress_init:
 * @progress: (out caller-allocates): the progress line's state
 *
 * A progress line on stderr, only when stderr is a terminal.
 */
void
pr_cli_progress_init (PrCliProgress *progress)
{
  progress->last = 0;
  progress->tty = isatty (STDERR_FILENO);
}

/**
 * pr_cli_progress_scan:
 *
 * A #PrScanProgressFunc that shows the reading on the progress line.
 */
void
pr_cli_progress_scan (PrScanPhase phase,
                      guint64     records,
                      guint64     done,
                      guint64     total,
                      gpointer    user_data)
{
  PrCliProgress *progress = user_data;

  if (progress->tty && phase == PR_SCAN_PHASE_READ)
    show_progress (records, done, total, progress);
}

/* Clears the progress line, if one was shown. */
void
pr_cli_progress_finish (PrCliProgress *progress)
{
  if (progress->tty && progress->last != 0)
    fprintf (stderr, "\r\033[K");
  progress->last = 0;
}

/* @word as a shell reads it back: plain when it can be. */
static void
append_shell_word (GString    *out,
                   const char *word)
{
  gboolean plain = *word != '\0';

  for (const char *c = word; *c != '\0' && plain; c++)
    plain = g_ascii_isalnum (*c) || strchr ("_-.:/,+=@%", *c) != NULL || (guchar) *c >= 0x80;
  if (plain)
    g_string_append (out, word);
  else
    {
      g_autofree char *quoted = g_shell_quote (word);

      g_string_append (out, quoted);
    }
}

/* The flags that give @mapping again, for a shell: what the user copies to
 * correct a guess must, uncorrected, give the same scan. */
static char *
mapping_to_flags (const PrMapping *mapping)
{
  GString *flags = g_string_new (NULL);

  for (guint i = 0; i < pr_mapping_get_n_columns (mapping); i++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, i);

      if (column->role == PR_COLUMN_ROLE_IGNORE)
        continue;
      g_string_append_printf (flags, "%s--%s ", flags->len > 0 ? " " : "", pr_column_role_to_string (column->role));
      if (column->role == PR_COLUMN_ROLE_SHORT || column->role == PR_COLUMN_ROLE_TEXT)
        {
          char weight[G_ASCII_DTOSTR_BUF_SIZE];
          g_autofree char *spec = g_strconcat (column->name, ":",
                                               g_ascii_dtostr (weight, sizeof weight, column->weight), NULL);

          append_shell_word (flags, spec);
        }
      else
        append_shell_word (flags, column->name);
      if (column->identity != PR_IDENTITY_NONE)
        {
          g_string_append_printf (flags, " --%s ", pr_identity_role_to_string (column->identity));
          append_shell_word (flags, column->name);
        }
      if (column->category)
        {
          g_string_append (flags, " --category ");
          append_shell_word (flags, column->name);
        }
    }
  return g_string_free (flags, FALSE);
}

/**
 * pr_cli_resolve_mapping:
 * @options: the parsed flags
 * @columns: (element-type PrColumnInfo): the table's columns
 * @error: return location for a #GError
 *
 * With mapping flags, the mapping they give; without, the catalogue's
 * guess, printed on stderr so the user can see it and correct it with flags.
 *
 * Returns: (transfer full) (nullable): the mapping
 */
PrMapping *
pr_cli_resolve_mapping (PrCliMappingOptions  *options,
                        GPtrArray            *columns,
                        GError              **error)
{
  g_autofree char *flags = NULL;
  PrMapping *mapping;

  if (options->short_specs != NULL || options->text_specs != NULL)
    {
      mapping = pr_cli_build_mapping (options, error);
      /* The columns' comments name the fields in explain's words, as
       * the guessed mapping's do. */
      for (guint c = 0; mapping != NULL && c < pr_mapping_get_n_columns (mapping); c++)
        for (guint i = 0; i < columns->len; i++)
          {
            const PrColumnInfo *info = columns->pdata[i];
            const char *name = pr_mapping_get_column (mapping, c)->name;

            if (strcmp (info->name, name) == 0)
              {
                pr_mapping_set_label (mapping, name, info->comment, NULL);
                pr_mapping_set_json (mapping, name, info->json);
              }
          }
      return mapping;
    }

  mapping = pr_catalog_guess_mapping (columns);
  if (!apply_case_columns (options, mapping, TRUE, error))
    {
      pr_mapping_free (mapping);
      return NULL;
    }
  flags = mapping_to_flags (mapping);
  fprintf (stderr, "%s %s\n", _("No mapping given; guessed from the table:"), flags);
  /* The guessed date column as if given with --date: its unreadable
   * dates are said as a given one's are, not counted as none silently. */
  {
    int date_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_DATE);

    if (options->date == NULL && date_column >= 0)
      options->date = g_strdup (pr_mapping_get_column (mapping, date_column)->name);
    if (options->date_format != NULL && date_column < 0 && pr_mapping_find (mapping, PR_COLUMN_ROLE_ACCEPTED) < 0)
      {
        g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                             _("--date-format says how to read the dates of the date column, but the mapping "
                               "guessed from the table has none (nor an --accepted column), so it would change "
                               "nothing: name the date column with --date COLUMN, or leave out --date-format"));
        pr_mapping_free (mapping);
        return NULL;
      }
  }
  if (!apply_column_encodings (options, mapping, error))
    g_clear_pointer (&mapping, pr_mapping_free);

  return mapping;
}

/**
 * pr_cli_load_records:
 * @path: the CSV file
 * @options: the parsed mapping flags
 * @keep_labels: keep a label per record for printing
 * @error: return location for a #GError
 *
 * Loads and fingerprints @path, with a progress line on stderr when it is a
 * terminal.
 *
 * Returns: (transfer full) (nullable): the records
 */
PrRecordSet *
pr_cli_load_records (const char           *path,
                     PrCliMappingOptions  *options,
                     gboolean              keep_labels,
                     GError              **error)
{
  return pr_cli_load_records_full (path, options, keep_labels, FALSE, NULL, error);
}

/* pr_cli_load_records (), with the values the second stage reads kept
 * (@keep_texts) and the mapping used (@out_mapping, nullable). */
PrRecordSet *
pr_cli_load_records_full (const char           *path,
                          PrCliMappingOptions  *options,
                          gboolean              keep_labels,
                          gboolean              keep_texts,
                          PrMapping           **out_mapping,
                          GError              **error)
{
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  PrLoadOptions load;
  PrCliProgress progress;
  PrRecordSet *set;

  if (options->db != NULL || options->sample)
    {
      connection = pr_cli_open_connection (options, error);
      if (connection == NULL)
        return NULL;
    }
  mapping = pr_cli_source_mapping (connection, options, error);
  if (mapping == NULL)
    return NULL;

  pr_cli_load_options (options, keep_labels, &load);
  load.keep_texts = keep_texts;
  pr_cli_progress_init (&progress);
  if (connection != NULL)
    set = pr_record_reader_load (connection, options->table, mapping, &load,
                                 progress.tty ? show_progress : NULL, &progress, NULL, error);
  else
    set = pr_record_set_load_csv (path, mapping, &load, progress.tty ? show_progress : NULL, &progress, NULL, error);
  pr_cli_progress_finish (&progress);
  if (set != NULL && out_mapping != NULL)
    *out_mapping = g_steal_pointer (&mapping);
  return set;
}

/* A binary id column's ids are written in hex everywhere (its bytes are
 * no text for a file): say so, or "31303030" in the output would pass for
 * an id the table does not have. */
static void
note_binary_id (const PrMapping *mapping,
                GPtrArray       *columns)
{
  int id = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  const char *name;

  if (id < 0)
    return;
  name = pr_mapping_get_column (mapping, id)->name;
  for (guint i = 0; i < columns->len; i++)
    {
      const PrColumnInfo *column = columns->pdata[i];

      if (g_str_equal (column->name, name) && pr_column_info_is_binary (column))
        fprintf (stderr, _("Note: the id column “%s” is %s (bytes, not text), so every id is written in hex, two "
                           "digits a byte (the id 1000 is written 31303030); give ids in hex to check and explain, "
                           "or map a text or number column as --id\n"),
                 name, column->data_type);
    }
}

/**
 * pr_cli_source_mapping:
 * @connection: (nullable): the database, for --db and --sample
 * @options: the parsed flags
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the mapping of the flags, or for a
 *   table without mapping flags the catalogue's guess; a table's mapping
 *   always has an id column (pr_cli_table_default_id ())
 */
PrMapping *
pr_cli_source_mapping (PrConnection         *connection,
                       PrCliMappingOptions  *options,
                       GError              **error)
{
  g_autoptr(GPtrArray) columns = NULL;
  PrMapping *mapping;

  if (connection == NULL)
    return pr_cli_build_mapping (options, error);

  columns = pr_catalog_list_columns (connection, options->table, error);
  if (columns == NULL)
    return NULL;
  /* The guess reads the values too: whether a column holds ID cards,
   * phones or names. */
  if (options->short_specs == NULL && options->text_specs == NULL &&
      !pr_catalog_sample_identities (connection, options->table, columns, error))
    return NULL;
  pr_cli_table_default_id (columns, options);
  mapping = pr_cli_resolve_mapping (options, columns, error);
  if (mapping != NULL && !pr_cli_table_check_id (columns, options->table, mapping, error))
    g_clear_pointer (&mapping, pr_mapping_free);
  if (mapping != NULL)
    note_binary_id (mapping, columns);
  return mapping;
}

/**
 * pr_cli_open_source:
 * @store_schema: (nullable): the schema of the application's tables
 * @connection: (out) (transfer full): the connection, %NULL for a CSV file
 * @mapping: (out) (transfer full): the records' mapping
 * @store: (out) (transfer full): the store with @store_schema, else %NULL
 *
 * What a scan reads from, as the flags say: the database (--db, --sample)
 * or a CSV file, its mapping, and the store. A store keeps fingerprints
 * weighed by the table as it was then, so IDF is refused with one.
 */
gboolean
pr_cli_open_source (PrCliMappingOptions  *options,
                    const char           *store_schema,
                    PrConnection        **connection,
                    PrMapping           **mapping,
                    PrStore             **store,
                    GError              **error)
{
  g_autoptr(PrConnection) opened = NULL;

  *connection = NULL;
  *mapping = NULL;
  *store = NULL;
  if (store_schema != NULL && (options->idf || options->idf_max_share > 0))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--idf and --idf-max-share weigh words by the whole table, so stored fingerprints "
                             "cannot be reused: leave out --store"));
      return FALSE;
    }
  if (options->db != NULL || options->sample)
    {
      opened = pr_cli_open_connection (options, error);
      if (opened == NULL)
        return FALSE;
    }
  *mapping = pr_cli_source_mapping (opened, options, error);
  if (*mapping == NULL)
    return FALSE;
  if (store_schema != NULL)
    {
      *store = pr_store_open (opened, store_schema, error);
      if (*store == NULL)
        {
          g_clear_pointer (mapping, pr_mapping_free);
          return FALSE;
        }
    }
  *connection = g_steal_pointer (&opened);
  return TRUE;
}

/**
 * pr_cli_open_store_only:
 * @options: the parsed flags: --db and --table, or --sample
 * @schema: (nullable): --store, or %NULL for the connection's database
 * @no_database: the error when neither --db nor --sample is given
 * @connection: (out): the connection, which the store uses
 * @error: return location for a #GError
 *
 * For the commands that read the application's tables alone (decisions
 * export, repeats): the database and its store, no mapping.
 *
 * Returns: (transfer full) (nullable): the store
 */
PrStore *
pr_cli_open_store_only (PrCliMappingOptions  *options,
                        const char           *schema,
                        const char           *no_database,
                        PrConnection        **connection,
                        GError              **error)
{
  if (options->db == NULL && !options->sample)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, no_database);
      return NULL;
    }
  *connection = pr_cli_open_connection (options, error);
  if (*connection == NULL)
    return NULL;
  return pr_store_open (*connection, schema, error);
}

/**
 * pr_cli_open_mapped_csv:
 * @path: a CSV file with a header row naming the columns
 * @options: its encoding (%NULL for UTF-8), and whether bad rows are
 *   skipped (--skip-bad-rows; a byte not in the encoding is then marked)
 * @mapping: the columns, by their names in the header
 * @field_of: (out caller-allocates) (array): per mapping column, its field;
 *   -1 for the id, date and ignored columns, which are not content
 * @id_field: (out): the id column's field; -1 if the mapping has none or
 *   the file lacks it
 * @n_header_fields: (out): how many fields the header has
 * @error: return location for a #GError
 *
 * The fingerprinted columns must all be there: a record read without one
 * would be compared on part of its content, and match less than it
 * should. The id and date may be missing (a complaint not yet given an
 * id); ignored columns are not read.
 *
 * Returns: (transfer full) (nullable): the reader, past the header
 */
PrCsvReader *
pr_cli_open_mapped_csv (const char       *path,
                        PrCliMappingOptions *options,
                        const PrMapping  *mapping,
                        int              *field_of,
                        int              *id_field,
                        guint            *n_header_fields,
                        GError          **error)
{
  g_autoptr(PrCsvReader) reader = NULL;
  int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);

  reader = pr_csv_reader_new_for_path (path, options->encoding, error);
  if (reader == NULL)
    return NULL;
  /* Before the header: the reader decodes ahead of it. */
  if (options->bad_rows != NULL)
    {
      pr_csv_reader_set_skippable (reader, TRUE);
      if (options->bad_rows->skip)
        pr_csv_reader_set_mark_unreadable (reader);
    }
  if (!pr_csv_reader_next_header (reader, path, NULL, error))
    return NULL;
  *n_header_fields = pr_csv_reader_get_n_fields (reader);

  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);
      gboolean content = column->role == PR_COLUMN_ROLE_SHORT || column->role == PR_COLUMN_ROLE_TEXT;

      if (column->role != PR_COLUMN_ROLE_IGNORE && !pr_csv_reader_check_unique_field (reader, column->name, path, error))
        return NULL;
      field_of[c] = content ? pr_csv_reader_find_field (reader, column->name) : -1;
      if (content && field_of[c] < 0)
        {
          g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                       _("column “%s” is not in the header of %s"), column->name, path);
          pr_mapping_explain_missing_column (column->name, error);
          return NULL;
        }
    }
  *id_field = id_column >= 0 ? pr_csv_reader_find_field (reader, pr_mapping_get_column (mapping, id_column)->name)
                             : -1;

  return g_steal_pointer (&reader);
}

/**
 * pr_cli_next_mapped_row:
 * @reader: a reader from pr_cli_open_mapped_csv ()
 * @path: its file, for messages
 * @n_header_fields: the header's field count
 * @mapping: the mapping the reader was opened with
 * @field_of: @mapping's columns' fields, as pr_cli_open_mapped_csv () and
 *   the caller found them (-1: not read)
 * @id_field: the id's field, or -1
 * @error: return location for a #GError
 *
 * Reads the next record, which must have as many fields as the header and
 * must not be a second file's header (pr_csv_reader_check_not_header ()).
 *
 * Returns: %TRUE with a record; %FALSE at the end (@error unset) or on
 *   failure (@error set)
 */
gboolean
pr_cli_next_mapped_row (PrCsvReader      *reader,
                        const char       *path,
                        guint             n_header_fields,
                        const PrMapping  *mapping,
                        const int        *field_of,
                        int               id_field,
                        GError          **error)
{
  guint n_columns = pr_mapping_get_n_columns (mapping);
  const char **names = g_newa (const char *, n_columns + 1);
  int *fields = g_newa (int, n_columns + 1);
  guint n = 0;
  int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);

  if (!pr_csv_reader_next (reader, NULL, error))
    return FALSE;
  if (pr_csv_reader_get_n_fields (reader) != n_header_fields)
    {
      g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                   _("%s, line %llu: %u fields, but the header has %u"), path,
                   (unsigned long long) pr_csv_reader_get_line (reader),
                   pr_csv_reader_get_n_fields (reader), n_header_fields);
      return FALSE;
    }
  /* The file's columns read, the id among them (pr_cli_open_mapped_csv ()). */
  for (guint c = 0; c < n_columns; c++)
    if (field_of[c] >= 0 || ((int) c == id_column && id_field >= 0))
      {
        names[n] = pr_mapping_get_column (mapping, c)->name;
        fields[n++] = field_of[c] >= 0 ? field_of[c] : id_field;
      }
  if (!pr_csv_reader_check_not_header (reader, names, fields, n, error))
    {
      g_prefix_error (error, "%s, ", path);
      return FALSE;
    }
  return TRUE;
}

/**
 * pr_cli_load_flags:
 * @options: the parsed flags
 *
 * Returns: the tokenizer flags the options ask for
 */
PrTokenizerFlags
pr_cli_load_flags (PrCliMappingOptions *options)
{
  return (options->no_fold_traditional ? 0 : PR_TOKENIZER_FOLD_TRADITIONAL) |
         (options->no_normalize ? PR_TOKENIZER_NO_NORMALIZE : 0);
}

/**
 * pr_cli_load_options:
 * @options: the parsed flags
 * @keep_labels: keep a label per record for printing
 * @load: (out caller-allocates): how to read and fingerprint
 */
void
pr_cli_load_options (PrCliMappingOptions *options,
                     gboolean             keep_labels,
                     PrLoadOptions       *load)
{
  PrPartMatchOptions parts;

  /* The window's scan starts from the same defaults; the flags then
   * change them. */
  pr_scan_options_init (load, &parts);
  load->encoding = options->encoding;
  load->force_encoding = options->force_encoding;
  load->flags = pr_cli_load_flags (options);
  load->min_tokens = options->min_tokens;
  load->n_threads = options->threads;
  load->date_order = options->date_order;
  load->now = g_get_real_time () / G_USEC_PER_SEC;
  load->keep_labels = keep_labels;
  load->parts = !options->no_parts;
  load->part_method = pr_cli_part_method (options);
  if (options->bad_rows != NULL)
    pr_cli_bad_rows_attach (options->bad_rows, load);
  if (options->idf || options->idf_max_share > 0)
    {
      options->idf_options = (PrIdfOptions) { options->idf, options->idf_max_share };
      load->idf = &options->idf_options;
    }
}

/**
 * pr_cli_parse_command:
 * @argc: (inout): the subcommand's argument count; argv[0] is its name
 * @argv: (inout): its arguments; the options are taken out
 * @parameter_string: what --help shows after the options
 * @entries: the subcommand's own options
 * @options: (out caller-allocates): the mapping flags, set to their defaults first
 * @n_files: how many file names must remain, 0 or 1 (0 with --db or --sample)
 * @error: return location for a #GError
 *
 * Returns: %FALSE with a %G_OPTION_ERROR naming what is wrong
 */
gboolean
pr_cli_parse_command (int                  *argc,
                      char               ***argv,
                      const char           *parameter_string,
                      const GOptionEntry   *entries,
                      PrCliMappingOptions  *options,
                      guint                 n_files,
                      GError              **error)
{
  return pr_cli_parse_command_with_ids (argc, argv, parameter_string, entries, options, n_files, 0, error);
}

/* "--out=" gives an empty name, which no file has: say so, rather than
 * fail later, after the work, on a file called "". A name that begins
 * with "-" is an option whose file was left out (--out --skip-bad-rows
 * would write a file called --skip-bad-rows and skip nothing); "-" alone
 * is standard output or input. */
static gboolean
check_file_name (const char  *option,
                 const char  *value,
                 GError     **error)
{
  if (value != NULL && value[0] == '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--%s was given an empty file name"), option);
      return FALSE;
    }
  if (value != NULL && value[0] == '-' && value[1] != '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--%s was given “%s”, which reads as an option: give the file's name right after --%s (for a "
                     "file whose name begins with “-”, write ./%s)"),
                   option, value, option, value);
      return FALSE;
    }
  return TRUE;
}

/* Whether the command was given a CSV file of its own (check --csv). */
static gboolean
reads_csv_option (const GOptionEntry *entries)
{
  for (const GOptionEntry *entry = entries; entry->long_name != NULL; entry++)
    if (g_str_equal (entry->long_name, "csv") &&
        (entry->arg == G_OPTION_ARG_FILENAME || entry->arg == G_OPTION_ARG_STRING) &&
        *(char **) entry->arg_data != NULL)
      return TRUE;
  return FALSE;
}

/**
 * pr_cli_parse_command_with_ids:
 * @n_ids: how many record ids must follow the file (or stand alone, with
 *   --db or --sample)
 *
 * pr_cli_parse_command () for a command that names records: the ids are
 * left in @argv after the file, as the last @n_ids arguments.
 */
gboolean
pr_cli_parse_command_with_ids (int                  *argc,
                               char               ***argv,
                               const char           *parameter_string,
                               const GOptionEntry   *entries,
                               PrCliMappingOptions  *options,
                               guint                 n_files,
                               guint                 n_ids,
                               GError              **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameter_string);
  g_autofree GOptionEntry *mapping_entries = pr_cli_mapping_option_entries (options);
  const GOptionEntry *const lists[] = { entries, mapping_entries, NULL };
  const char *const groups[] = { NULL, "mapping" };

  g_auto(GStrv) typed = NULL;

  pr_cli_mapping_options_init (options);
  if (!pr_cli_check_raw_arguments (*argc, *argv, lists, groups, error))
    return FALSE;
  /* GLib takes the flags out of argv; which were typed is asked after. */
  typed = g_new0 (char *, *argc + 1);
  for (int i = 0; i < *argc; i++)
    typed[i] = g_strdup ((*argv)[i]);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, pr_cli_mapping_option_group (options));
  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  if (!pr_cli_check_flags_in_effect (g_strv_length (typed), typed, lists, groups, error))
    return FALSE;
  options->typed = pr_cli_typed_flags (g_strv_length (typed), typed, lists, groups, mapping_entries);

  /* "Words in more than 0 % of the records" would be every word; the
   * value that leaves none out is the flag left out. */
  if (options->idf_max_share == -G_MAXDOUBLE)
    options->idf_max_share = 0;
  else if (options->idf_max_share == 0)
    {
      g_autoptr(GError) refusal = NULL;

      /* A usage error, exit status 2, as other bad values. */
      pr_idf_check_max_share (0, 0, &refusal);
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, refusal->message);
      return FALSE;
    }

  if (options->sample && (options->db != NULL || options->table != NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--sample reads its own table: leave out --db and --table"));
      return FALSE;
    }
  if (options->db != NULL && options->table == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--db needs --table"));
      return FALSE;
    }
  if (options->db == NULL && options->table != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--table goes with --db"));
      return FALSE;
    }
  /* A table's text comes through the server: a file's encoding would be
   * silently ignored, unless the command reads a CSV file too (check
   * --csv). */
  if ((options->db != NULL || options->sample) && options->encoding != NULL && !reads_csv_option (entries))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--encoding is the encoding of a CSV file; a table's columns are read in their "
                             "character sets: for a column whose bytes are in another encoding, give "
                             "--column-encoding COLUMN=ENCODING"));
      return FALSE;
    }
  if (options->db == NULL && !options->sample && options->column_encodings != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--column-encoding goes with --db; a CSV file has one encoding: --encoding"));
      return FALSE;
    }
  if (options->force_encoding && options->encoding == NULL && options->db == NULL && !options->sample)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--force-encoding goes with --encoding, or with --db: name the encoding to read the "
                             "file in"));
      return FALSE;
    }
  if (options->date_format != NULL && !pr_date_order_from_string (options->date_format, &options->date_order))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--date-format must be DMY (day first), MDY (month first) or YMD, not “%s”"),
                   options->date_format);
      return FALSE;
    }
  /* The order reads the dates of the --date and --accepted columns: with
   * neither, and no table's guessed mapping to find one in
   * (pr_cli_resolve_mapping ()), it reads nothing. */
  if (options->date_format != NULL && options->date == NULL && options->accepted == NULL &&
      !((options->db != NULL || options->sample) && options->short_specs == NULL && options->text_specs == NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--date-format says how to read the dates of the date column (--date) and the "
                             "accepted column (--accepted), but neither is given, so it would change nothing: "
                             "name the date column with --date COLUMN, or leave out --date-format"));
      return FALSE;
    }
  if (!pr_cli_check_part_method (options, error))
    return FALSE;
  /* Before anything slow (the sample server, reading a table) starts. */
  if (!pr_cli_check_k (options->k, error))
    return FALSE;
  for (const GOptionEntry *entry = entries; entry->long_name != NULL; entry++)
    if (!check_file_name (entry->long_name, entry->arg == G_OPTION_ARG_FILENAME ? *(char **) entry->arg_data : NULL,
                          error))
      return FALSE;
  if (!check_file_name ("password-file", options->password_file, error))
    return FALSE;
  if (options->sample)
    options->table = g_strdup (PR_SAMPLE_SERVER_TABLE);
  /* A database instead of the file. */
  if (options->sample || options->db != NULL)
    n_files = 0;

  if (n_ids > 0 && (guint) *argc != 1 + n_files + n_ids)
    {
      if (n_files == 1)
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                     ngettext ("give one CSV file of records, then the id of %u record",
                               "give one CSV file of records, then the ids of %u records", n_ids), n_ids);
      else
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                     ngettext ("give the id of %u record", "give the ids of %u records", n_ids), n_ids);
      return FALSE;
    }
  if (n_ids > 0)
    return TRUE;

  if (n_files == 1 && *argc != 2)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           *argc < 2 ? _("name one CSV file of records") : _("name only one CSV file of records"));
      return FALSE;
    }
  if (n_files == 0 && *argc != 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("unexpected argument “%s”"), (*argv)[1]);
      return FALSE;
    }

  return TRUE;
}

/**
 * pr_cli_records_text:
 * @n_records: the records read
 * @n_sparse: how many of them are too short to match
 *
 * Returns: (transfer full): "7 records (2 too short to match)", with the
 *   plural of @n_records, for the summaries of scan and eval
 */
char *
pr_cli_records_text (guint64 n_records,
                     guint64 n_sparse)
{
  return g_strdup_printf (ngettext ("%llu record (%llu too short to match)", "%llu records (%llu too short to match)",
                                    (gulong) n_records),
                          (unsigned long long) n_records, (unsigned long long) n_sparse);
}

/* --help, -h, -? and the --help-GROUP flags GOption answers. */
gboolean
pr_cli_is_help_flag (const char *arg)
{
  return g_str_equal (arg, "-h") || g_str_equal (arg, "-?") || g_str_has_prefix (arg, "--help");
}

/**
 * pr_cli_set_command_name:
 * @command: the subcommand as typed, e.g. "scan" or "bench fingerprint"
 *
 * GOption's --help names the program by its prgname, before [OPTION…]:
 * with the subcommand in it, the usage line is one the user can type.
 */
void
pr_cli_set_command_name (const char *command)
{
  g_autofree char *name = g_strconcat ("petition-review-cli ", command, NULL);

  g_set_prgname (name);
}

/**
 * pr_cli_fail:
 * @command: the subcommand, for the message
 * @error: what went wrong
 *
 * Prints @error as one line on stderr.
 *
 * Returns: the exit status: 2 for wrong usage, 1 for anything else
 */
int
pr_cli_fail (const char   *command,
             const GError *error)
{
  fprintf (stderr, "petition-review-cli %s: %s\n", command, error->message);
  return error->domain == G_OPTION_ERROR ? 2 : 1;
}

/* The resident set now, in MB (0 if /proc cannot tell). */
double
pr_cli_rss_mb (void)
{
  g_autofree char *statm = NULL;
  unsigned long size = 0, resident = 0;

  /* Pages: the whole size, then the resident set. */
  if (!g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL) || sscanf (statm, "%lu %lu", &size, &resident) != 2)
    return 0;
  return resident * (double) sysconf (_SC_PAGESIZE) / (1024.0 * 1024.0);
}

double
pr_cli_peak_rss_mb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}
