/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Why two records match, or do not: their fingerprints and the distance
 * between them, the share of their sentences they have in common (the part
 * containment), the features behind the fingerprints with their weights —
 * shared, or only in one — and which short fields agree.
 *
 * The features come from the fingerprinter itself, through its feature
 * func, so an explanation cannot drift from what is fingerprinted: a word
 * here is a word there, with the same weight.
 *
 * It is for one pair at a time (a reviewer's question): both records'
 * features are kept in a hash table, which a scan of millions of records
 * could not afford and does not need.
 */
#define G_LOG_DOMAIN "pr-explain"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-explain.h"
#include "pr-fingerprinter.h"
#include "pr-function-words.h"
#include "pr-parts.h"
#include "pr-simhash.h"

/* The order of a feature list. */
typedef enum {
  BY_WEIGHT_A,
  BY_WEIGHT_B,
  BY_SHARED_WEIGHT,
} Order;

/* Gathers the features of the record being fingerprinted. */
typedef struct {
  const PrMapping *mapping;
  GHashTable      *table;         /* PrExplainFeature, by its bytes */
  GPtrArray       *features;      /* owns them */
  guint            side;          /* 0: A, 1: B */
  char           **values[2];     /* per mapping column, a short field's normalised value */
} Collector;

static guint
feature_hash (gconstpointer key)
{
  const PrExplainFeature *feature = key;

  return (guint) pr_feature_hash (feature->feature, feature->length);
}

static gboolean
feature_equal (gconstpointer a,
               gconstpointer b)
{
  const PrExplainFeature *x = a, *y = b;

  return x->length == y->length && memcmp (x->feature, y->feature, x->length) == 0;
}

static void
feature_free (gpointer data)
{
  PrExplainFeature *feature = data;

  g_free (feature->feature);
  g_free (feature->surface);
  g_free (feature);
}

static void
field_clear (gpointer data)
{
  PrExplainField *field = data;

  g_free (field->name);
  g_free (field->value_a);
  g_free (field->value_b);
}

static void
collect_feature (guint       column,
                 const char *bytes,
                 gsize       length,
                 double      weight,
                 gpointer    user_data)
{
  Collector *collector = user_data;
  const PrMappingColumn *mapped = pr_mapping_get_column (collector->mapping, column);
  gboolean is_short = mapped->role == PR_COLUMN_ROLE_SHORT;
  /* A short field's feature is its column's name, 0x1F, and its value. */
  gsize value_offset = is_short ? strlen (mapped->name) + 1 : 0;
  PrExplainFeature key = { (char *) bytes, length };
  PrExplainFeature *feature;

  g_assert (value_offset <= length);
  if (is_short)
    {
      char **value = &collector->values[collector->side][column];

      g_free (*value);
      *value = g_strndup (bytes + value_offset, length - value_offset);
    }
  /* Weight 0 is as if the column were not mapped: no say in the fingerprint. */
  if (weight == 0)
    return;

  feature = g_hash_table_lookup (collector->table, &key);
  if (feature == NULL)
    {
      feature = g_new0 (PrExplainFeature, 1);
      feature->feature = g_malloc (length + 1);
      memcpy (feature->feature, bytes, length);
      feature->feature[length] = '\0';
      feature->length = length;
      feature->text = feature->feature + value_offset;
      feature->column = is_short ? (int) column : -1;
      feature->function_word = !is_short && pr_is_function_word (feature->feature, length);
      g_ptr_array_add (collector->features, feature);
      g_hash_table_add (collector->table, feature);
    }
  if (collector->side == 0)
    {
      feature->weight_a += weight;
      feature->count_a++;
    }
  else
    {
      feature->weight_b += weight;
      feature->count_b++;
    }
}

static double
sort_weight (const PrExplainFeature *feature,
             Order                   order)
{
  switch (order)
    {
    case BY_WEIGHT_A:
      return feature->weight_a;
    case BY_WEIGHT_B:
      return feature->weight_b;
    default:
      return pr_explain_feature_shared_weight (feature);
    }
}

/* A word of one character (访, 钱, a lone letter): it says little of
 * what a petition is about, however often it occurs. */
static gboolean
is_one_character (const PrExplainFeature *feature)
{
  return feature->column < 0 && feature->length > 0 &&
         g_utf8_next_char (feature->feature) == feature->feature + feature->length;
}

/* Heaviest first; the bytes break ties, so that the lists do not depend
 * on the hash table's order. */
static int
compare_by_weight (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  const PrExplainFeature *x = *(PrExplainFeature *const *) a;
  const PrExplainFeature *y = *(PrExplainFeature *const *) b;
  Order order = GPOINTER_TO_UINT (user_data);
  double wx = sort_weight (x, order), wy = sort_weight (y, order);
  int bytes;

  if (wx != wy)
    return wx > wy ? -1 : 1;
  bytes = memcmp (x->feature, y->feature, MIN (x->length, y->length));
  if (bytes != 0)
    return bytes;
  return x->length < y->length ? -1 : x->length > y->length;
}

/* Words of two characters or more first, so that a clerk reads 工资 and
 * 拖欠 before 访 and 钱 (a lone letter or digit counts as one character
 * too); then heaviest first. */
static int
compare_features (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const PrExplainFeature *x = *(PrExplainFeature *const *) a;
  const PrExplainFeature *y = *(PrExplainFeature *const *) b;
  gboolean one_x = is_one_character (x), one_y = is_one_character (y);

  if (one_x != one_y)
    return one_x ? 1 : -1;
  return compare_by_weight (a, b, user_data);
}

/* Keeps the @max heaviest of @list (all of them for 0), then orders them
 * for display: the cap takes weight alone, so that "the 3 heaviest" are
 * those; returns how many @list had. */
static guint
sort_and_cap (GPtrArray *list,
              Order      order,
              guint      max)
{
  guint n = list->len;

  if (max > 0 && list->len > max)
    {
      g_ptr_array_sort_with_data (list, compare_by_weight, GUINT_TO_POINTER (order));
      g_ptr_array_set_size (list, max);
    }
  g_ptr_array_sort_with_data (list, compare_features, GUINT_TO_POINTER (order));
  return n;
}

static void
fill_lists (PrExplain *self,
            guint      max_features)
{
  g_autoptr(GPtrArray) shared = g_ptr_array_new ();
  g_autoptr(GPtrArray) only_a = g_ptr_array_new ();
  g_autoptr(GPtrArray) only_b = g_ptr_array_new ();

  for (guint i = 0; i < self->features->len; i++)
    {
      PrExplainFeature *feature = self->features->pdata[i];

      if (feature->count_a > 0)
        g_ptr_array_add (self->features_a, feature);
      if (feature->count_b > 0)
        g_ptr_array_add (self->features_b, feature);
      if (feature->count_a > 0 && feature->count_b > 0)
        self->weight_shared += pr_explain_feature_shared_weight (feature);
      if (feature->function_word)
        self->n_function_words++;
      else if (feature->count_a > 0 && feature->count_b > 0)
        g_ptr_array_add (shared, feature);
      else
        g_ptr_array_add (feature->count_a > 0 ? only_a : only_b, feature);
      self->weight_a += feature->weight_a;
      self->weight_b += feature->weight_b;
    }

  sort_and_cap (self->features_a, BY_WEIGHT_A, 0);
  sort_and_cap (self->features_b, BY_WEIGHT_B, 0);
  self->n_shared = sort_and_cap (shared, BY_SHARED_WEIGHT, max_features);
  self->n_only_a = sort_and_cap (only_a, BY_WEIGHT_A, max_features);
  self->n_only_b = sort_and_cap (only_b, BY_WEIGHT_B, max_features);
  self->shared = g_steal_pointer (&shared);
  self->only_a = g_steal_pointer (&only_a);
  self->only_b = g_steal_pointer (&only_b);
}

/* One entry per short column, taking the normalised values from @collector. */
static void
fill_fields (PrExplain       *self,
             const PrMapping *mapping,
             Collector       *collector)
{
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);
      PrExplainField field = { c, NULL, NULL, NULL, PR_EXPLAIN_FIELD_EMPTY };

      if (column->role != PR_COLUMN_ROLE_SHORT)
        continue;
      field.name = g_strdup (pr_mapping_column_get_label (column));
      field.value_a = g_steal_pointer (&collector->values[0][c]);
      field.value_b = g_steal_pointer (&collector->values[1][c]);
      if (field.value_a != NULL && field.value_b != NULL)
        field.state = strcmp (field.value_a, field.value_b) == 0 ? PR_EXPLAIN_FIELD_SAME : PR_EXPLAIN_FIELD_DIFFERENT;
      g_array_append_val (self->fields, field);
    }
}

/* Each word's form in the records, as written: the fingerprints see
 * words folded (case, width, Traditional), a reviewer reads the records. */
typedef struct {
  GHashTable *table;
  const char *text;
} Surfaces;

static void
note_surface (const char *token,
              gsize       length,
              gsize       start,
              gsize       end,
              gpointer    user_data)
{
  Surfaces *surfaces = user_data;
  PrExplainFeature key = { (char *) token, length };
  PrExplainFeature *feature = g_hash_table_lookup (surfaces->table, &key);

  if (feature != NULL && feature->column < 0 && feature->surface == NULL)
    feature->surface = g_strndup (surfaces->text + start, end - start);
}

static gboolean
find_surfaces (const PrMapping   *mapping,
               PrTokenizerFlags   flags,
               GHashTable        *table,
               const char *const *values[2],
               const gsize       *lengths[2],
               GError           **error)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (flags, error);

  if (tokenizer == NULL)
    return FALSE;
  for (guint side = 0; side < 2; side++)
    for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
      {
        Surfaces surfaces = { table, values[side][c] };

        if (pr_mapping_get_column (mapping, c)->role != PR_COLUMN_ROLE_TEXT || values[side][c] == NULL)
          continue;
        /* The fingerprinter took these very values: they tokenize. */
        if (!pr_tokenizer_tokenize_with_ranges (tokenizer, values[side][c],
                                                lengths[side] != NULL ? (gssize) lengths[side][c] : -1,
                                                note_surface, &surfaces, error))
          return FALSE;
      }
  return TRUE;
}

static void
collector_clear (Collector *collector)
{
  guint n_columns = pr_mapping_get_n_columns (collector->mapping);

  for (guint side = 0; side < 2; side++)
    {
      for (guint c = 0; c < n_columns; c++)
        g_free (collector->values[side][c]);
      g_clear_pointer (&collector->values[side], g_free);
    }
  g_clear_pointer (&collector->table, g_hash_table_unref);
}

/**
 * pr_explain_pair:
 * @mapping: the columns, in the order of the values
 * @flags: tokenizer flags, as the records were fingerprinted with
 * @min_tokens: the sparse threshold, as they were fingerprinted with
 * @values_a: one value per mapping column, as pr_fingerprinter_compute () takes them
 * @lengths_a: (nullable): their lengths, or %NULL if NUL-terminated
 * @values_b: the other record's
 * @lengths_b: (nullable): their lengths
 * @max_features: the most features to keep in the shared and only-in lists
 *   (0: all of them)
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the explanation, free with
 *   pr_explain_free (); %NULL if a value is not valid UTF-8, with @error
 *   naming the record (first or second), the column and the byte
 */
PrExplain *
pr_explain_pair (const PrMapping    *mapping,
                 PrTokenizerFlags    flags,
                 guint               min_tokens,
                 const char *const  *values_a,
                 const gsize        *lengths_a,
                 const char *const  *values_b,
                 const gsize        *lengths_b,
                 guint               max_features,
                 GError            **error)
{
  return pr_explain_pair_full (mapping, flags, min_tokens, NULL, NULL, values_a, lengths_a, values_b, lengths_b,
                               max_features, error);
}

/**
 * pr_explain_pair_full:
 * @mapping: the columns, in the order of the values
 * @flags: tokenizer flags, as the records were fingerprinted with
 * @min_tokens: the sparse threshold, as they were fingerprinted with
 * @parts: (nullable): how their parts were cut; %NULL: the default
 * @boilerplate: (nullable): the hashes of the parts a scan of their table
 *   left out as boilerplate, ascending (pr_part_table_find_pairs_full ());
 *   %NULL: every part counts, as it would for the two alone
 * @values_a: one value per mapping column
 * @lengths_a: (nullable): their lengths, or %NULL if NUL-terminated
 * @values_b: the other record's
 * @lengths_b: (nullable): their lengths
 * @max_features: as for pr_explain_pair ()
 * @error: return location for a #GError
 *
 * pr_explain_pair () for parts cut another way than the default, or
 * counted as a scan of their table counts them.
 *
 * Returns: (transfer full) (nullable): the explanation, as pr_explain_pair ()
 */
static void
compare_identities (PrExplain           *self,
                    const PrMapping     *mapping,
                    const char *const   *values[2],
                    const gsize         *lengths[2])
{
  g_autoptr(PrIdentityTable) identities = pr_identity_table_new ();

  for (guint side = 0; side < 2; side++)
    {
      pr_identity_table_add_record (identities);
      for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
        {
          PrIdentityRole role = pr_mapping_get_column (mapping, c)->identity;

          if (role != PR_IDENTITY_NONE && values[side][c] != NULL)
            pr_identity_table_add_value (identities, role, values[side][c],
                                         lengths[side] != NULL ? (gssize) lengths[side][c] : -1);
        }
    }
  pr_identity_table_finish (identities);
  self->petitioner = pr_identity_table_compare (identities, 0, 1, &self->evidence);
}

PrExplain *
pr_explain_pair_full (const PrMapping    *mapping,
                      PrTokenizerFlags    flags,
                      guint               min_tokens,
                      const PrPartMethod *parts,
                      const GArray       *boilerplate,
                      const char *const  *values_a,
                      const gsize        *lengths_a,
                      const char *const  *values_b,
                      const gsize        *lengths_b,
                      guint               max_features,
                      GError            **error)
{
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  g_autoptr(PrExplain) self = NULL;
  const char *const *values[2] = { values_a, values_b };
  const gsize *lengths[2] = { lengths_a, lengths_b };
  PrFingerprint fp[2] = { { 0 }, { 0 } };
  PrPartOverlap overlap;
  Collector collector = { 0 };
  guint n_columns;
  gboolean ok = TRUE;

  g_return_val_if_fail (mapping != NULL, NULL);
  g_return_val_if_fail (values_a != NULL, NULL);
  g_return_val_if_fail (values_b != NULL, NULL);

  fingerprinter = pr_fingerprinter_new (mapping, flags, min_tokens, error);
  if (fingerprinter == NULL)
    return NULL;

  self = g_new0 (PrExplain, 1);
  self->features = g_ptr_array_new_with_free_func (feature_free);
  self->features_a = g_ptr_array_new ();
  self->features_b = g_ptr_array_new ();
  self->fields = g_array_new (FALSE, TRUE, sizeof (PrExplainField));
  g_array_set_clear_func (self->fields, field_clear);

  n_columns = pr_mapping_get_n_columns (mapping);
  collector.mapping = mapping;
  collector.table = g_hash_table_new (feature_hash, feature_equal);
  collector.features = self->features;
  collector.values[0] = g_new0 (char *, MAX (n_columns, 1));
  collector.values[1] = g_new0 (char *, MAX (n_columns, 1));
  pr_fingerprinter_set_parts (fingerprinter, TRUE);
  pr_fingerprinter_set_part_method (fingerprinter, parts);
  pr_fingerprinter_set_feature_func (fingerprinter, collect_feature, &collector);

  for (guint side = 0; side < 2 && ok; side++)
    {
      collector.side = side;
      ok = pr_fingerprinter_compute (fingerprinter, values[side], lengths[side], &fp[side], error);
      if (!ok)
        g_prefix_error (error, "%s", side == 0 ? _("the first record, ") : _("the second record, "));
    }

  if (ok)
    {
      self->fingerprint_a = fp[0].fingerprint;
      self->fingerprint_b = fp[1].fingerprint;
      self->distance = pr_hamming_distance (fp[0].fingerprint, fp[1].fingerprint);
      self->sparse_a = fp[0].sparse;
      self->sparse_b = fp[1].sparse;
      self->n_parts_a = fp[0].n_parts;
      self->n_parts_b = fp[1].n_parts;
      pr_part_overlap (fp[0].parts, fp[0].n_parts, fp[1].parts, fp[1].n_parts, boilerplate, &overlap);
      self->containment = pr_part_overlap_containment (&overlap);
      self->part_words_a = (guint) overlap.words_a;
      self->part_words_b = (guint) overlap.words_b;
      self->part_words_all_a = (guint) overlap.all_words_a;
      self->part_words_all_b = (guint) overlap.all_words_b;
      self->part_words_shared = (guint) overlap.words_shared;
      self->boilerplate_a = overlap.boilerplate_a;
      self->boilerplate_b = overlap.boilerplate_b;
      fill_lists (self, max_features);
      fill_fields (self, mapping, &collector);
      compare_identities (self, mapping, values, lengths);
      ok = find_surfaces (mapping, flags, collector.table, values, lengths, error);
    }

  g_free (fp[0].parts);
  g_free (fp[1].parts);
  collector_clear (&collector);

  return ok ? g_steal_pointer (&self) : NULL;
}

void
pr_explain_free (PrExplain *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->features_a, g_ptr_array_unref);
  g_clear_pointer (&self->features_b, g_ptr_array_unref);
  g_clear_pointer (&self->shared, g_ptr_array_unref);
  g_clear_pointer (&self->only_a, g_ptr_array_unref);
  g_clear_pointer (&self->only_b, g_ptr_array_unref);
  g_clear_pointer (&self->features, g_ptr_array_unref);
  g_clear_pointer (&self->fields, g_array_unref);
  g_free (self);
}

/* Returns: 1 − distance / 64, the share of the fingerprints' bits that agree */
double
pr_explain_get_similarity (const PrExplain *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return 1.0 - self->distance / 64.0;
}

/* Returns: the weight @feature has in both records: the smaller of its two */
double
pr_explain_feature_shared_weight (const PrExplainFeature *feature)
{
  g_return_val_if_fail (feature != NULL, 0);

  return MIN (feature->weight_a, feature->weight_b);
}

/* Returns: what a reader is shown for @feature: a word as the records
 * write it, a short field's normalised value */
const char *
pr_explain_feature_get_label (const PrExplainFeature *feature)
{
  g_return_val_if_fail (feature != NULL, NULL);

  return feature->surface != NULL ? feature->surface : feature->text;
}
