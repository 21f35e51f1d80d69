/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Display names of columns, as the reviewer set them on the mapping page:
 * a list of (database, table, column, name) in GSettings, so that a table
 * mapped again shows them again. Only names that differ from the
 * catalogue's (the column's comment, else its name) are kept.
 */
#define G_LOG_DOMAIN "pr-column-names"

#include "config.h"

#include "pr-column-names.h"

#include <string.h>

#define SCHEMA_ID  "org.petitionreview.PetitionReview"
#define KEY        "column-names"
#define ENTRY_TYPE "(ssss)"
#define ENTRY_READ "(&s&s&s&s)"
#define MAX_NAMES  2000

/**
 * pr_column_names_settings:
 *
 * Returns: (transfer full) (nullable): the settings that hold the names,
 *   or %NULL when the schema (or its key) is not installed (a build
 *   tree): then nothing is remembered
 */
GSettings *
pr_column_names_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, SCHEMA_ID, TRUE) : NULL;

  if (schema == NULL || !g_settings_schema_has_key (schema, KEY))
    return NULL;
  return g_settings_new (SCHEMA_ID);
}

/* Returns: (transfer full) (nullable): the name given to the column */
char *
pr_column_names_lookup (GSettings  *settings,
                        const char *database,
                        const char *table,
                        const char *column)
{
  g_autoptr(GVariant) list = NULL;
  GVariantIter iter;
  const char *d, *t, *c, *name;

  if (settings == NULL)
    return NULL;
  list = g_settings_get_value (settings, KEY);
  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, ENTRY_READ, &d, &t, &c, &name))
    if (g_strcmp0 (d, database ? database : "") == 0 && g_strcmp0 (t, table) == 0 && g_strcmp0 (c, column) == 0)
      return g_strdup (name);
  return NULL;
}

/**
 * pr_column_names_remember:
 * @name: (nullable): the column's display name; %NULL: none, the
 *   catalogue's is shown
 *
 * Replaces the name kept for the column (the newest first; the oldest
 * beyond a few thousand are dropped).
 */
void
pr_column_names_remember (GSettings  *settings,
                          const char *database,
                          const char *table,
                          const char *column,
                          const char *name)
{
  g_autoptr(GVariant) list = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *d, *t, *c, *n;
  guint kept = 0;

  if (settings == NULL)
    return;
  if (database == NULL)
    database = "";
  list = g_settings_get_value (settings, KEY);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a" ENTRY_TYPE));
  if (name != NULL && name[0] != '\0')
    {
      g_variant_builder_add (&builder, ENTRY_TYPE, database, table, column, name);
      kept++;
    }
  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, ENTRY_READ, &d, &t, &c, &n) && kept < MAX_NAMES)
    if (!(strcmp (d, database) == 0 && strcmp (t, table) == 0 && strcmp (c, column) == 0))
      {
        g_variant_builder_add (&builder, ENTRY_TYPE, d, t, c, n);
        kept++;
      }
  g_settings_set_value (settings, KEY, g_variant_builder_end (&builder));
}
