/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a record says of its case besides its text: the case's state
 * (受理, 办理中, 办结, 复查, 复核…, as written), the day it was accepted,
 * the body that received it and the matter's category. They decide what
 * to do with a repeat (pr-case-rules.c) and which kind of repeat it is
 * (pr-repeat-kind.c); none of them changes a fingerprint, and a changed
 * state is not an edit of the record (pr-record-set.c, content_hash()).
 */
#define G_LOG_DOMAIN "pr-case-columns"

#include "config.h"

#include <string.h>

#include "pr-case-columns.h"
#include "pr-date-column.h"
#include "pr-simhash.h"

struct _PrCaseColumns {
  int           status_column;
  int           accepted_column;
  int           unit_column;
  int           category_column;
  GArray       *statuses;        /* guint32: index into status_values */
  GPtrArray    *status_values;   /* char *; [0] is "" (none) */
  GHashTable   *status_index;    /* char * → index + 1 */
  GArray       *accepted;        /* gint64 seconds, or PR_DATE_NONE */
  PrDateColumn *accepted_reader;
  guint64       n_unreadable_accepted;
  GPtrArray    *unreadable_accepted_ids;
  GArray       *units;           /* guint64 keys, 0: none */
  GArray       *categories;      /* guint64 keys, 0: none */
  GHashTable   *keys;            /* a unit or category as written → its key: a table has few */
};

/* Past this many distinct values, keys are made afresh each time. */
#define MAX_CACHED_KEYS 65536

/**
 * pr_value_key:
 * @value: (nullable): a short value
 * @length: its bytes
 *
 * Returns: a hash of @value compatibility normalised, case folded and
 *   without white space, so that "信访 局" and "信访局" agree; 0 for an
 *   empty value (or one that is not UTF-8), never 0 otherwise
 */
guint64
pr_value_key (const char *value,
              gsize       length)
{
  g_autofree char *normal = NULL, *folded = NULL;
  g_autoptr(GString) compact = NULL;

  if (value == NULL || !g_utf8_validate (value, length, NULL))
    return 0;
  normal = g_utf8_normalize (value, length, G_NORMALIZE_ALL);
  if (normal == NULL)
    return 0;
  folded = g_utf8_casefold (normal, -1);
  compact = g_string_new (NULL);
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      g_string_append_unichar (compact, g_utf8_get_char (p));
  if (compact->len == 0)
    return 0;
  return pr_feature_hash (compact->str, compact->len) | 1;
}

/**
 * pr_case_columns_new:
 * @mapping: the columns
 * @date_order: how to read an accepted date whose year comes last
 * @advice: whom a refusal speaks to
 * @position_name: (not nullable): "line" or "row", marked with N_()
 *
 * Returns: (transfer full) (nullable): the case columns to fill, or %NULL
 *   when @mapping has no status, accepted, unit or category column
 */
PrCaseColumns *
pr_case_columns_new (const PrMapping *mapping,
                     PrDateOrder      date_order,
                     PrAdvice         advice,
                     const char      *position_name)
{
  PrCaseColumns *self;
  int category = -1;

  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    if (pr_mapping_get_column (mapping, c)->category)
      category = (int) c;
  if (pr_mapping_find (mapping, PR_COLUMN_ROLE_STATUS) < 0 && pr_mapping_find (mapping, PR_COLUMN_ROLE_ACCEPTED) < 0 &&
      pr_mapping_find (mapping, PR_COLUMN_ROLE_UNIT) < 0 && category < 0)
    return NULL;

  self = g_new0 (PrCaseColumns, 1);
  self->status_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_STATUS);
  self->accepted_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ACCEPTED);
  self->unit_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_UNIT);
  self->category_column = category;
  self->statuses = g_array_new (FALSE, TRUE, sizeof (guint32));
  self->status_values = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->status_values, g_strdup (""));
  self->status_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->accepted = g_array_new (FALSE, TRUE, sizeof (gint64));
  self->units = g_array_new (FALSE, TRUE, sizeof (guint64));
  self->categories = g_array_new (FALSE, TRUE, sizeof (guint64));
  self->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (self->accepted_column >= 0)
    {
      self->accepted_reader = pr_date_column_new (pr_mapping_get_column (mapping, self->accepted_column)->name,
                                                  date_order, position_name);
      pr_date_column_set_advice (self->accepted_reader, advice);
    }
  return self;
}

/**
 * pr_case_columns_set_allow_unreadable:
 * @self: the case columns
 * @allow: whether an accepted column of mostly unreadable dates is read on
 *   (bad rows are skipped, or a few chosen records are read), as the date
 *   column is, rather than refused
 */
void
pr_case_columns_set_allow_unreadable (PrCaseColumns *self,
                                      gboolean       allow)
{
  if (self->accepted_reader != NULL)
    pr_date_column_set_allow_unreadable (self->accepted_reader, allow);
}

/**
 * pr_case_columns_set_skippable:
 * @self: the case columns
 * @skippable: whether the caller could skip bad rows (pr_date_column_set_skippable ())
 */
void
pr_case_columns_set_skippable (PrCaseColumns *self,
                               gboolean       skippable)
{
  if (self->accepted_reader != NULL)
    pr_date_column_set_skippable (self->accepted_reader, skippable);
}

/**
 * pr_case_columns_add_clock_evidence:
 * @self: the case columns
 * @evidence: what the whole table's accepted column shows of its clock,
 *   by which the few rows read here read their unmarked hours (3点), as
 *   the scan of the table read them
 */
void
pr_case_columns_add_clock_evidence (PrCaseColumns       *self,
                                    PrDateClockEvidence  evidence)
{
  if (self->accepted_reader != NULL)
    pr_date_column_add_clock_evidence (self->accepted_reader, evidence);
}

/* Returns: how many accepted dates had an hour 1 to 12 and no day part,
 * read by the column's clock */
guint64
pr_case_columns_get_n_unmarked_hours (const PrCaseColumns *self)
{
  return self != NULL && self->accepted_reader != NULL ? pr_date_column_get_n_unmarked_hours (self->accepted_reader)
                                                       : 0;
}

/* Returns: how many accepted dates were read from numbers (every one a
 * number), after pr_case_columns_finish () */
guint64
pr_case_columns_get_n_from_numbers (const PrCaseColumns *self)
{
  PrDateNumbers kind;

  return self != NULL && self->accepted_reader != NULL ? pr_date_column_get_n_from_numbers (self->accepted_reader,
                                                                                            &kind)
                                                       : 0;
}

/**
 * pr_case_columns_set_now:
 * @self: the case columns
 * @now: the time of the load (see pr_date_column_set_now ())
 */
void
pr_case_columns_set_now (PrCaseColumns *self,
                         gint64         now)
{
  if (self->accepted_reader != NULL)
    pr_date_column_set_now (self->accepted_reader, now);
}

void
pr_case_columns_free (PrCaseColumns *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->statuses);
  g_hash_table_unref (self->status_index);
  g_ptr_array_unref (self->status_values);
  g_array_unref (self->accepted);
  g_clear_pointer (&self->accepted_reader, pr_date_column_free);
  g_clear_pointer (&self->unreadable_accepted_ids, g_ptr_array_unref);
  g_array_unref (self->units);
  g_array_unref (self->categories);
  g_hash_table_unref (self->keys);
  g_free (self);
}

/* The state as written, without the white space around it; distinct
 * values are kept once (a table has a handful). */
static guint32
intern_status (PrCaseColumns *self,
               const char    *value,
               gsize          length)
{
  g_autofree char *text = NULL;
  gpointer found;
  guint32 index;

  if (value == NULL)
    return 0;
  text = g_strstrip (g_strndup (value, length));
  if (text[0] == '\0')
    return 0;
  found = g_hash_table_lookup (self->status_index, text);
  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  index = self->status_values->len;
  g_ptr_array_add (self->status_values, g_steal_pointer (&text));
  g_hash_table_insert (self->status_index, self->status_values->pdata[index], GUINT_TO_POINTER (index + 1));
  return index;
}

/* pr_value_key() of a unit or category, remembered: normalising each
 * record's value again would cost more than the rest of its reading. */
static guint64
cached_key (PrCaseColumns *self,
            const char    *value,
            gsize          length)
{
  g_autofree char *text = NULL;
  guint64 *found, key;

  if (value == NULL || memchr (value, '\0', length) != NULL)
    return pr_value_key (value, length);
  text = g_strndup (value, length);
  found = g_hash_table_lookup (self->keys, text);
  if (found != NULL)
    return *found;
  key = pr_value_key (value, length);
  if (g_hash_table_size (self->keys) < MAX_CACHED_KEYS)
    g_hash_table_insert (self->keys, g_steal_pointer (&text), g_memdup2 (&key, sizeof key));
  return key;
}

/**
 * pr_case_columns_add:
 * @columns: a #PrCaseColumns
 * @index: the record's index (records come in order)
 * @values: the row's values, in mapping order
 * @lengths: their lengths
 * @id: the record's id, to name it in an error
 * @position: where the row is, to name it in an error
 * @error: return location for a #GError
 *
 * Returns: %FALSE if the accepted date is ambiguous (day first or month
 *   first) and no order was given
 */
gboolean
pr_case_columns_add (PrCaseColumns      *self,
                     gsize               index,
                     const char *const  *values,
                     const gsize        *lengths,
                     const char         *id,
                     guint64             position,
                     GError            **error)
{
  guint32 status = 0;
  gint64 accepted = PR_DATE_NONE;
  guint64 unit = 0, category = 0;

  g_return_val_if_fail (index == self->statuses->len, FALSE);

  if (self->status_column >= 0)
    status = intern_status (self, values[self->status_column], lengths[self->status_column]);
  if (self->accepted_column >= 0 &&
      !pr_date_column_add (self->accepted_reader, values[self->accepted_column], id, position, &accepted, error))
    return FALSE;
  if (self->unit_column >= 0)
    unit = cached_key (self, values[self->unit_column], lengths[self->unit_column]);
  if (self->category_column >= 0)
    category = cached_key (self, values[self->category_column], lengths[self->category_column]);
  g_array_append_val (self->statuses, status);
  g_array_append_val (self->accepted, accepted);
  g_array_append_val (self->units, unit);
  g_array_append_val (self->categories, category);
  return TRUE;
}

/**
 * pr_case_columns_finish:
 * @columns: a #PrCaseColumns
 * @n_records: the records added
 * @error: return location for a #GError
 *
 * Returns: %FALSE if the accepted dates mix zones that cannot be ordered
 *   together (pr-date-column.c)
 */
gboolean
pr_case_columns_finish (PrCaseColumns  *self,
                        gsize           n_records,
                        GError        **error)
{
  g_return_val_if_fail (n_records == self->accepted->len, FALSE);

  if (self->accepted_reader == NULL)
    return TRUE;
  return pr_date_column_finish (self->accepted_reader, (gint64 *) (gpointer) self->accepted->data, n_records,
                                &self->n_unreadable_accepted, &self->unreadable_accepted_ids, error);
}

gboolean
pr_case_columns_has_status (const PrCaseColumns *self)
{
  return self != NULL && self->status_column >= 0;
}

gboolean
pr_case_columns_has_unit (const PrCaseColumns *self)
{
  return self != NULL && self->unit_column >= 0;
}

gboolean
pr_case_columns_has_category (const PrCaseColumns *self)
{
  return self != NULL && self->category_column >= 0;
}

/* Returns: the record's state as written, "" if it has none */
const char *
pr_case_columns_get_status (const PrCaseColumns *self,
                            gsize                record)
{
  if (self == NULL || record >= self->statuses->len)
    return "";
  return self->status_values->pdata[g_array_index (self->statuses, guint32, record)];
}

/* Returns: the day the record's case was accepted (seconds), or PR_DATE_NONE */
gint64
pr_case_columns_get_accepted (const PrCaseColumns *self,
                              gsize                record)
{
  if (self == NULL || record >= self->accepted->len)
    return PR_DATE_NONE;
  return g_array_index (self->accepted, gint64, record);
}

/* Returns: the receiving body's key (pr_value_key()), 0 if none */
guint64
pr_case_columns_get_unit (const PrCaseColumns *self,
                          gsize                record)
{
  if (self == NULL || record >= self->units->len)
    return 0;
  return g_array_index (self->units, guint64, record);
}

/* Returns: the category's key (pr_value_key()), 0 if none */
guint64
pr_case_columns_get_category (const PrCaseColumns *self,
                              gsize                record)
{
  if (self == NULL || record >= self->categories->len)
    return 0;
  return g_array_index (self->categories, guint64, record);
}

/* Returns: the accepted dates written but not readable as dates, and in
 * @out_ids (transfer none, nullable) the first few of their records' ids */
guint64
pr_case_columns_count_unreadable_accepted (const PrCaseColumns  *self,
                                           GPtrArray           **out_ids)
{
  if (out_ids != NULL)
    *out_ids = self != NULL ? self->unreadable_accepted_ids : NULL;
  return self != NULL ? self->n_unreadable_accepted : 0;
}
