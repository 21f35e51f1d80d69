/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A record's fingerprint (docs/design.md, "The fingerprint"; after Li & Han):
 *
 *  - a short column contributes one feature: the bytes
 *    "<column name> 0x1F <normalised value>", so the same value in two
 *    columns (a name that is also an address) are different features; its
 *    weight is the column's (2 by default);
 *  - a text column contributes each word the tokenizer gives, untagged, so
 *    that a subject and a body share their vocabulary; every occurrence adds
 *    the column's factor, which sums to term frequency × factor;
 *  - id, date and ignored columns contribute nothing, nor does NULL or a
 *    value that is empty after normalisation.
 *
 * Every feature is hashed with XXH3-64 (seed PR_SIMHASH_SEED) and summed
 * into a SimHash. One fingerprinter holds a tokenizer: one per thread.
 */
#define G_LOG_DOMAIN "pr-fingerprinter"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-fingerprinter.h"
#include "pr-attachment.h"
#include "pr-simhash.h"

#include <unicode/uversion.h>

struct _PrFingerprinter
{
  PrMapping   *mapping;
  PrTokenizer *tokenizer;
  guint        min_tokens;
  guint        n_text_columns;
  GString     *feature;
  gboolean     with_parts;
  PrPartBuilder parts;
  PrFeatureFunc feature_func;
  gpointer     feature_data;
  GArray      *features;   /* PrFeature, one per occurrence; NULL unless kept */
  GArray      *words;      /* guint64, the text columns' words in order; NULL unless kept */
  GArray      *column_words; /* guint32, per text column */
};

typedef struct {
  PrSimhash     *simhash;
  double         weight;
  guint          n_tokens;
  PrPartBuilder *parts;   /* NULL: no parts asked for */
  PrFingerprinter *self;  /* for its feature func, if any */
  guint          column;
} TokenSink;

static void
add_token (const char *token,
           gsize       length,
           gpointer    user_data)
{
  TokenSink *sink = user_data;
  guint64 hash = pr_feature_hash (token, length);

  pr_simhash_add_hash (sink->simhash, hash, sink->weight);
  if (sink->parts != NULL)
    pr_part_builder_add (sink->parts, hash);
  if (sink->self->feature_func != NULL)
    sink->self->feature_func (sink->column, token, length, sink->weight, sink->self->feature_data);
  if (sink->self->words != NULL)
    g_array_append_val (sink->self->words, hash);
  if (sink->self->features != NULL)
    {
      PrFeature feature = { hash, (float) sink->weight, 1 };

      g_array_append_val (sink->self->features, feature);
    }
  sink->n_tokens++;
}

static void
end_sentence (gpointer user_data)
{
  TokenSink *sink = user_data;

  pr_part_builder_end (sink->parts);
}

/**
 * pr_fingerprinter_new:
 * @mapping: the columns, in the order values will be given
 * @flags: tokenizer flags
 * @min_tokens: records whose text columns give fewer words are sparse
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): a fingerprinter; it copies @mapping.
 */
PrFingerprinter *
pr_fingerprinter_new (const PrMapping   *mapping,
                      PrTokenizerFlags   flags,
                      guint              min_tokens,
                      GError           **error)
{
  g_autoptr(PrFingerprinter) self = NULL;

  g_return_val_if_fail (mapping != NULL, NULL);

  self = g_new0 (PrFingerprinter, 1);
  self->tokenizer = pr_tokenizer_new (flags, error);
  if (self->tokenizer == NULL)
    return NULL;

  self->mapping = pr_mapping_copy (mapping);
  self->min_tokens = min_tokens;
  self->n_text_columns = pr_mapping_count_role (mapping, PR_COLUMN_ROLE_TEXT);
  self->feature = g_string_new (NULL);
  pr_part_builder_init (&self->parts);

  return g_steal_pointer (&self);
}

void
pr_fingerprinter_free (PrFingerprinter *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->tokenizer, pr_tokenizer_free);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  if (self->feature != NULL)
    g_string_free (self->feature, TRUE);
  pr_part_builder_clear (&self->parts);
  g_clear_pointer (&self->features, g_array_unref);
  g_clear_pointer (&self->words, g_array_unref);
  g_clear_pointer (&self->column_words, g_array_unref);
  g_free (self);
}

/**
 * pr_fingerprinter_set_parts:
 * @self: a #PrFingerprinter
 * @parts: whether to cut the text fields into parts too
 *
 * With @parts, pr_fingerprinter_compute () also gives the record's parts
 * (see pr-parts.c), from the same words at little extra cost.
 */
void
pr_fingerprinter_set_parts (PrFingerprinter *self,
                            gboolean         parts)
{
  g_return_if_fail (self != NULL);

  self->with_parts = parts;
}

/**
 * pr_fingerprinter_set_part_method:
 * @self: a #PrFingerprinter
 * @method: (nullable): how to cut the text into parts; %NULL: the default
 */
void
pr_fingerprinter_set_part_method (PrFingerprinter    *self,
                                  const PrPartMethod *method)
{
  g_return_if_fail (self != NULL);

  pr_part_builder_set_method (&self->parts, method);
}

/**
 * pr_fingerprinter_set_keep_features:
 * @self: a #PrFingerprinter
 * @keep: whether to give each record's distinct features too
 *
 * With @keep, pr_fingerprinter_compute () also gives the record's distinct
 * features with their summed weights (pr-idf.c), so that its fingerprint
 * can be made again with weights that depend on the whole table.
 */
void
pr_fingerprinter_set_keep_features (PrFingerprinter *self,
                                    gboolean         keep)
{
  g_return_if_fail (self != NULL);

  if (keep && self->features == NULL)
    self->features = g_array_new (FALSE, FALSE, sizeof (PrFeature));
  else if (!keep)
    g_clear_pointer (&self->features, g_array_unref);
}

/**
 * pr_fingerprinter_set_keep_words:
 * @keep: whether to give each record's words too
 *
 * With @keep, pr_fingerprinter_compute () also gives the hashes of the
 * text columns' words in order (PrFingerprint.words), so that the second
 * stage need not tokenize the text again.
 */
void
pr_fingerprinter_set_keep_words (PrFingerprinter *self,
                                 gboolean         keep)
{
  g_return_if_fail (self != NULL);

  if (keep && self->words == NULL)
    {
      self->words = g_array_new (FALSE, FALSE, sizeof (guint64));
      self->column_words = g_array_new (FALSE, FALSE, sizeof (guint32));
    }
  else if (!keep)
    {
      g_clear_pointer (&self->words, g_array_unref);
      g_clear_pointer (&self->column_words, g_array_unref);
    }
}

/**
 * pr_fingerprinter_set_feature_func:
 * @self: a #PrFingerprinter
 * @func: (nullable): called for each feature pr_fingerprinter_compute ()
 *   adds, or %NULL for none
 * @user_data: passed to @func
 *
 * For explaining a fingerprint (pr-explain.c) from the very features that
 * made it, rather than from a second account of what a feature is.
 */
void
pr_fingerprinter_set_feature_func (PrFingerprinter *self,
                                   PrFeatureFunc    func,
                                   gpointer         user_data)
{
  g_return_if_fail (self != NULL);

  self->feature_func = func;
  self->feature_data = user_data;
}

/**
 * pr_fingerprinter_compute:
 * @self: a #PrFingerprinter
 * @values: one value per mapping column, in mapping order; %NULL is SQL NULL
 * @lengths: (nullable): their lengths in bytes, or %NULL if NUL-terminated
 * @result: (out caller-allocates): the fingerprint and its counts
 * @error: return location for a #GError
 *
 * Returns: %FALSE if a value is not valid UTF-8; the error names the column
 *   and the byte offset in the value.
 */
gboolean
pr_fingerprinter_compute (PrFingerprinter    *self,
                          const char *const  *values,
                          const gsize        *lengths,
                          PrFingerprint      *result,
                          GError            **error)
{
  PrSimhash simhash;
  guint n_tokens = 0;
  guint n_columns;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (values != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  pr_simhash_init (&simhash);
  pr_part_builder_reset (&self->parts);
  if (self->features != NULL)
    g_array_set_size (self->features, 0);
  if (self->words != NULL)
    {
      g_array_set_size (self->words, 0);
      g_array_set_size (self->column_words, 0);
    }
  n_columns = pr_mapping_get_n_columns (self->mapping);

  for (guint i = 0; i < n_columns; i++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (self->mapping, i);
      const char *value = values[i];
      gsize length;
      guint64 hash;
      g_autoptr(GError) local_error = NULL;

      if (self->words != NULL && column->role == PR_COLUMN_ROLE_TEXT)
        {
          guint32 none = 0;

          g_array_append_val (self->column_words, none);
        }
      if (value == NULL)
        continue;
      length = lengths != NULL ? lengths[i] : strlen (value);

      if (column->role == PR_COLUMN_ROLE_SHORT)
        {
          gsize normalized_length = 0;
          g_autofree char *normalized = pr_tokenizer_normalize (self->tokenizer, value, length,
                                                                &normalized_length, &local_error);

          if (normalized == NULL)
            goto failed;
          if (normalized_length == 0)
            continue;

          g_string_assign (self->feature, column->name);
          g_string_append_c (self->feature, '\x1f');
          g_string_append_len (self->feature, normalized, normalized_length);
          hash = pr_feature_hash (self->feature->str, self->feature->len);
          pr_simhash_add_hash (&simhash, hash, column->weight);
          if (self->features != NULL)
            {
              PrFeature feature = { hash, (float) column->weight, 0 };

              g_array_append_val (self->features, feature);
            }
          if (self->feature_func != NULL)
            self->feature_func (i, self->feature->str, self->feature->len, column->weight, self->feature_data);
        }
      else if (column->role == PR_COLUMN_ROLE_TEXT)
        {
          TokenSink sink = { &simhash, column->weight, 0, self->with_parts ? &self->parts : NULL, self, i };

          /* 见附件: the matter is in a file the table lacks; read as empty. */
          if (pr_text_is_attachment_only (value, length))
            continue;

          if (!(self->with_parts
                  ? pr_tokenizer_tokenize_sentences (self->tokenizer, value, length, add_token, end_sentence,
                                                     &sink, &local_error)
                  : pr_tokenizer_tokenize (self->tokenizer, value, length, add_token, &sink, &local_error)))
            goto failed;
          if (self->with_parts)
            pr_part_builder_finish (&self->parts);
          n_tokens += sink.n_tokens;
          if (self->column_words != NULL)
            g_array_index (self->column_words, guint32, self->column_words->len - 1) = sink.n_tokens;
        }
      continue;

    failed:
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("column “%s”: "), column->name);
      return FALSE;
    }

  result->fingerprint = pr_simhash_finish (&simhash);
  result->n_tokens = n_tokens;
  result->n_features = simhash.n_features;
  /* A record with no feature at all is sparse whatever min_tokens says:
   * all such records share one fingerprint and are not repeats. */
  result->sparse = simhash.n_features == 0 ||
                   (self->n_text_columns > 0 && n_tokens < self->min_tokens);
  result->n_parts = self->parts.parts->len;
  result->parts = result->n_parts > 0 ? g_memdup2 (self->parts.parts->data, result->n_parts * sizeof (PrPart))
                                      : NULL;
  result->n_distinct = 0;
  result->features = NULL;
  result->words = NULL;
  result->column_words = NULL;
  if (self->words != NULL)
    {
      result->words = g_new (guint64, MAX (1, self->words->len));
      result->column_words = g_new0 (guint32, MAX (1, self->column_words->len));
      if (self->words->len > 0)
        memcpy (result->words, self->words->data, self->words->len * sizeof (guint64));
      if (self->column_words->len > 0)
        memcpy (result->column_words, self->column_words->data, self->column_words->len * sizeof (guint32));
    }
  if (self->features != NULL)
    {
      result->n_distinct = pr_features_merge ((PrFeature *) (gpointer) self->features->data, self->features->len);
      if (result->n_distinct > 0)
        result->features = g_memdup2 (self->features->data, result->n_distinct * sizeof (PrFeature));
    }

  return TRUE;
}

/* A column name, with a backslash before a space or a backslash: the
 * spaces between the columns then tell where a name ends, so that a short
 * column named "a:1 text=b" is not described as a short "a" and a text
 * "b" (fuzz-mapping.c). Other names, nearly all, read as they always did,
 * and keep their stored fingerprints. */
static void
append_name (GString    *description,
             const char *name)
{
  for (const char *p = name; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\\')
        g_string_append_c (description, '\\');
      g_string_append_c (description, *p);
    }
}

/**
 * pr_fingerprint_describe:
 * @mapping: the columns
 * @flags: tokenizer flags
 * @min_tokens: the sparse threshold
 * @parts: (nullable): how the parts are cut; %NULL: the default
 *
 * Everything a fingerprint depends on, as text: the mapped short and text
 * columns with their weights, the flags, the
 * threshold, the seed, the ICU version (its dictionary decides the
 * words) and the parts' shortest and longest word counts (the parts are
 * stored beside the fingerprint). Stored with each scan.
 *
 * Returns: (transfer full): e.g. "short=user:2 text=body:1 fold=1 normalize=1 min-tokens=3 seed=0 icu=72.1 parts=4-16"
 */
char *
pr_fingerprint_describe (const PrMapping    *mapping,
                         PrTokenizerFlags    flags,
                         guint               min_tokens,
                         const PrPartMethod *parts)
{
  g_autofree char *parts_text = pr_part_method_describe (parts);
  GString *description = g_string_new (NULL);
  UVersionInfo icu;
  char icu_text[U_MAX_VERSION_STRING_LENGTH];

  for (guint i = 0; i < pr_mapping_get_n_columns (mapping); i++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, i);

      char weight[G_ASCII_DTOSTR_BUF_SIZE];

      /* The id and the date do not change a fingerprint. */
      if (column->role != PR_COLUMN_ROLE_SHORT && column->role != PR_COLUMN_ROLE_TEXT)
        continue;
      g_string_append_printf (description, "%s=", pr_column_role_to_string (column->role));
      append_name (description, column->name);
      g_string_append_printf (description, ":%s", g_ascii_dtostr (weight, sizeof weight, column->weight));
      /* Only when given, so that other mappings keep their version. */
      if (column->encoding != NULL)
        g_string_append_printf (description, ":encoding=%s", column->encoding);
      /* A JSON string read as its text, not its quotes and escapes, as
       * before: the records read so count as fingerprinted again, not as
       * edited. Read as bytes in an encoding, it is neither. */
      else if (column->json)
        g_string_append (description, ":json");
      g_string_append_c (description, ' ');
    }

  u_getVersion (icu);
  u_versionToString (icu, icu_text);
  g_string_append_printf (description, "fold=%d normalize=%d min-tokens=%u seed=%" G_GUINT64_FORMAT " icu=%s",
                          (flags & PR_TOKENIZER_FOLD_TRADITIONAL) != 0,
                          (flags & PR_TOKENIZER_NO_NORMALIZE) == 0,
                          min_tokens, (guint64) PR_SIMHASH_SEED, icu_text);
  /* The windows' size is in the version, so that a rescan cuts stored
   * records' parts again when it changes. */
  g_string_append_printf (description, " %s", parts_text);
  /* The white space rule (pr-text-space.c) is in the version: a rescan
   * by a version that reads white space otherwise fingerprints such
   * texts again. */
  if ((flags & PR_TOKENIZER_NO_NORMALIZE) == 0)
    g_string_append (description, " spaces=cjk-joined");
  /* A text that only points to an attachment is read as empty. */
  g_string_append (description, " attachment-only=empty");

  return g_string_free (description, FALSE);
}

/**
 * pr_fingerprint_version:
 * @mapping: the columns
 * @flags: tokenizer flags
 * @min_tokens: the sparse threshold
 * @parts: (nullable): how the parts are cut; %NULL: the default
 *
 * Returns: a hash of pr_fingerprint_describe(): stored fingerprints made
 *   under another version must be made again
 */
guint64
pr_fingerprint_version (const PrMapping    *mapping,
                        PrTokenizerFlags    flags,
                        guint               min_tokens,
                        const PrPartMethod *parts)
{
  g_autofree char *description = pr_fingerprint_describe (mapping, flags, min_tokens, parts);

  return pr_feature_hash (description, strlen (description));
}
