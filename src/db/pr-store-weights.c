/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's weights that `learn` fitted for a table, kept in the
 * store's pr_meta table: one row per source table and kind of mapping (a
 * subject mapped, or the body alone: weights learned for one mean nothing
 * for the other), named by a digest of its database, name and kind (a name
 * is at most 64 characters there), its value the database, the table, the
 * kind and the numbers (pr_pair_model_to_string ()), or "shipped" when
 * `learn` found the shipped weights better. A row of numbers kept before
 * weights had a kind is refused, not guessed at: which mapping it was
 * learned for is not known. Written with INSERT … ON DUPLICATE KEY UPDATE: the store's
 * grants on pr_meta are SELECT, INSERT and UPDATE.
 */
#define SHIPPED "shipped"
#define G_LOG_DOMAIN "pr-store-weights"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-connection-private.h"
#include "pr-store-private.h"

/* The row's name, and its value's head: "database 0x1F table 0x1F". The
 * subject kind's name has no kind in it, so that a row without a kind is
 * found under it and refused; the body kind's digest has its kind. */
static char *
weights_name (const PrStoreKey *key,
              PrPairModelKind   kind,
              char            **head)
{
  g_autofree char *digest = NULL;
  g_autofree char *digested = NULL;

  *head = g_strdup_printf ("%s\x1f%s\x1f", key->database, key->table);
  digested = kind == PR_PAIR_MODEL_KIND_SUBJECT ? g_strdup (*head)
                                                : g_strconcat (*head, pr_pair_model_kind_name (kind), "\x1f", NULL);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA1, digested, -1);
  return g_strdup_printf ("weights:%s", digest);
}

/* The row named @name's value, or NULL in @value when there is none. */
static gboolean
read_row (PrStore     *store,
          const char  *name,
          char       **value,
          GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT value FROM %s WHERE name = ?", store->q_meta);
  const char *params[] = { name };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) rows = _pr_connection_select (store->connection, sql, params, 1, &local_error);

  *value = NULL;
  if (rows == NULL)
    {
      _pr_store_explain_error (store, error, local_error, "SELECT", C_("tables", "read"));
      return FALSE;
    }
  if (rows->len > 0)
    *value = g_strdup (((PrDbRow *) rows->pdata[0])->values[0]);
  return TRUE;
}

/* Returns: the part of @value after its kind when it is @kind's; NULL
 * with @error set when it is kept without a kind or for another. */
static const char *
numbers_of_kind (PrStore         *store,
                 const char      *table,
                 const char      *value,
                 PrPairModelKind  kind,
                 GError         **error)
{
  /* "Use the shipped weights" without a kind means the same for either
   * kind. */
  if (g_str_equal (value, SHIPPED))
    return value;
  for (PrPairModelKind k = PR_PAIR_MODEL_KIND_SUBJECT; k <= PR_PAIR_MODEL_KIND_BODY; k++)
    {
      g_autofree char *tag = g_strconcat (pr_pair_model_kind_name (k), "\x1f", NULL);

      if (!g_str_has_prefix (value, tag))
        continue;
      if (k == kind)
        return value + strlen (tag);
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   kind == PR_PAIR_MODEL_KIND_BODY
                     ? _("the weights kept in the schema “%s” for the table “%s” were learned with a subject "
                         "mapped, and this mapping has the body alone: learn them again with this mapping with "
                         "“petition-review-cli learn”")
                     : _("the weights kept in the schema “%s” for the table “%s” were learned with the body alone, and "
                         "this mapping has a subject: learn them again with this mapping with "
                         "“petition-review-cli learn”"),
                   store->schema, table);
      return NULL;
    }
  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
               _("the weights kept in the schema “%s” for the table “%s” do not say which mapping they were learned "
                 "for (a subject mapped, or the body alone): learn them again with “petition-review-cli learn”"),
               store->schema, table);
  return NULL;
}

/**
 * pr_store_load_weights:
 * @kind: the kind of the mapping the table is scanned with
 * @model: (inout): left as it is when no weights are kept for @table and
 *   @kind
 * @found: (out) (optional): whether some were
 *
 * Returns: %FALSE with @error set if the store cannot be read or the
 *   weights kept cannot be, or were kept without a kind.
 */
gboolean
pr_store_load_weights (PrStore          *store,
                       const char       *table,
                       PrPairModelKind   kind,
                       PrPairModel      *model,
                       gboolean         *found,
                       GError          **error)
{
  const PrStoreKey *key = _pr_store_resolve (store, table, error);
  g_autofree char *head = NULL;
  g_autofree char *name = NULL;
  g_autofree char *value = NULL;
  const char *numbers;

  if (found != NULL)
    *found = FALSE;
  if (key == NULL)
    return FALSE;
  name = weights_name (key, kind, &head);
  if (!read_row (store, name, &value, error))
    return FALSE;
  if (value == NULL && kind == PR_PAIR_MODEL_KIND_BODY)
    {
      /* None for the body alone: a row without a kind may have been
       * learned with it, and is refused, not passed over. */
      g_autofree char *subject_head = NULL;
      g_autofree char *subject_name = weights_name (key, PR_PAIR_MODEL_KIND_SUBJECT, &subject_head);
      g_autofree char *subject_value = NULL;

      if (!read_row (store, subject_name, &subject_value, error))
        return FALSE;
      /* A subject row without a kind reads as neither kind: refused,
       * with the message that says so. */
      if (subject_value != NULL && g_str_has_prefix (subject_value, head) &&
          numbers_of_kind (store, table, subject_value + strlen (head), PR_PAIR_MODEL_KIND_SUBJECT, NULL) == NULL)
        return numbers_of_kind (store, table, subject_value + strlen (head), kind, error) != NULL;
      return TRUE;
    }
  if (value == NULL)
    return TRUE;
  if (!g_str_has_prefix (value, head))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the weights kept in the schema “%s” for the table “%s” belong to another table: learn them "
                     "again with “petition-review-cli learn”"), store->schema, table);
      return FALSE;
    }
  numbers = numbers_of_kind (store, table, value + strlen (head), kind, error);
  if (numbers == NULL)
    return FALSE;
  if (g_str_equal (numbers, SHIPPED))
    return TRUE;
  if (!pr_pair_model_parse (numbers, model, error))
    return FALSE;
  if (found != NULL)
    *found = TRUE;
  return TRUE;
}

/**
 * pr_store_save_weights:
 * @kind: the kind of mapping @model was learned with
 * @model: (nullable): the weights to keep for @table and @kind; %NULL:
 *   scans with a mapping of @kind use the shipped ones
 */
gboolean
pr_store_save_weights (PrStore           *store,
                       const char        *table,
                       PrPairModelKind    kind,
                       const PrPairModel *model,
                       GError           **error)
{
  const PrStoreKey *key = _pr_store_resolve (store, table, error);
  g_autofree char *head = NULL;
  g_autofree char *name = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *numbers = NULL;
  g_autofree char *value = NULL;
  g_autoptr(GError) local_error = NULL;
  MYSQL_BIND params[2];
  unsigned long lengths[2];

  if (key == NULL)
    return FALSE;
  name = weights_name (key, kind, &head);
  memset (params, 0, sizeof params);
  _pr_statement_bind_string (&params[0], name, &lengths[0]);
  numbers = model != NULL ? pr_pair_model_to_string (model) : g_strdup (SHIPPED);
  value = g_strconcat (head, pr_pair_model_kind_name (kind), "\x1f", numbers, NULL);
  sql = g_strdup_printf ("INSERT INTO %s (name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = VALUES (value)",
                         store->q_meta);
  _pr_statement_bind_string (&params[1], value, &lengths[1]);
  if (!_pr_statement_run (store->connection, sql, params, NULL, NULL, _("cannot keep the learned weights"),
                          &local_error))
    {
      _pr_store_explain_error (store, error, local_error, "INSERT", C_("tables", "write"));
      return FALSE;
    }
  return TRUE;
}
