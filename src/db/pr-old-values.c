/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A written-back decision's old_values (pr-write-back.c): a JSON object of
 * two objects, "old" (the configured columns before the decision) and
 * "new" (the same columns after it, as the server stored them), each
 * mapping a column name, as the catalogue spells it, to the column's
 * value as text, or null for SQL NULL:
 *
 *   {"old":{"repeat_of":null,"status":""},"new":{"repeat_of":"12","status":"重复"}}
 *
 * "old" is what an undo restores; "new" is what the row must still hold
 * for the undo to go ahead, so that it never overwrites someone else's
 * later change. An undo's own row records the same for the change the
 * undo made. Written and read with json-glib; rows written before, by a
 * writer of its own, are the same JSON and read the same.
 */
#define G_LOG_DOMAIN "pr-old-values"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <json-glib/json-glib.h>
#include <string.h>

#include "pr-db-error.h"
#include "pr-old-values-private.h"

void
_pr_column_values_clear (PrColumnValues *values)
{
  for (guint i = 0; i < values->n; i++)
    {
      g_clear_pointer (&values->names[i], g_free);
      g_clear_pointer (&values->values[i], g_free);
    }
  values->n = 0;
}

static void
add_columns (JsonBuilder          *builder,
             const char           *name,
             const PrColumnValues *values)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < values->n; i++)
    {
      json_builder_set_member_name (builder, values->names[i]);
      if (values->values[i] != NULL)
        json_builder_add_string_value (builder, values->values[i]);
      else
        json_builder_add_null_value (builder);
    }
  json_builder_end_object (builder);
}

/* The values must be UTF-8 without NUL (read_source_row() in
 * pr-write-back.c refuses others): JSON text cannot carry anything else
 * back exactly. */
char *
_pr_old_values_to_json (const PrColumnValues *before,
                        const PrColumnValues *after)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  GString *out;

  json_builder_begin_object (builder);
  add_columns (builder, "old", before);
  add_columns (builder, "new", after);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);

  /* json-glib 1.6 escapes the control characters below U+001F but writes
   * U+001F itself as it is, which JSON does not allow (RFC 8259, 7) and
   * the reader below refuses. The byte 0x1F is never part of a longer
   * UTF-8 sequence, and outside strings the generator writes none. */
  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\x1f')
      g_string_append (out, "\\u001f");
    else
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}

static gboolean
read_hex4 (const char *p,
           gunichar   *value)
{
  *value = 0;
  for (guint i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return FALSE;
      *value = *value * 16 + (gunichar) digit;
    }
  return TRUE;
}

/* What json-glib (1.6) would read wrongly or not survive, looked for
 * before it parses: it recurses without a bound (a row of [[[… overflows
 * the stack), ends a string at \u0000, passes a lone surrogate escape on
 * as invalid UTF-8, reads an unknown escape (\x) as the letter, and
 * accepts single quotes and raw control characters. The log's JSON has
 * objects two deep, strings and null, so anything else outside strings
 * is damage too. Returns: (transfer full) (nullable): what is wrong, or
 * NULL. */
static char *
find_damage (const char *text)
{
  const char *p = text;
  guint depth = 0;

  if (!g_utf8_validate (text, -1, NULL))
    return g_strdup (_("not UTF-8"));

  while (*p != '\0')
    {
      gsize at = p - text;

      if (*p == '{' && ++depth > 2)
        return g_strdup_printf (_("objects nested deeper than two, at byte %zu"), at);
      if (*p == '}' && depth > 0)
        depth--;
      if (*p != '"')
        {
          if (strchr (" \t\n\r{}:,nul", *p) == NULL)
            {
              gunichar c = g_utf8_get_char (p);

              if (g_unichar_isgraph (c))
                return g_strdup_printf (_("“%.*s” outside a string, at byte %zu: only objects, strings "
                                          "and null belong there"), (int) (g_utf8_next_char (p) - p), p, at);
              return g_strdup_printf (_("the character U+%04X outside a string, at byte %zu: only objects, "
                                        "strings and null belong there"), c, at);
            }
          p++;
          continue;
        }

      for (p++; *p != '"'; p++)
        {
          gunichar u, low;

          at = p - text;
          if (*p == '\0')
            return g_strdup (_("a string that does not end"));
          if ((guchar) *p < 0x20)
            return g_strdup_printf (_("a control character not escaped, at byte %zu"), at);
          if (*p != '\\')
            continue;
          p++;
          if (*p != 'u')
            {
              if (*p == '\0' || strchr ("\"\\/bfnrt", *p) == NULL)
                return g_strdup_printf (_("an unknown escape, at byte %zu"), at);
              continue;
            }
          if (!read_hex4 (p + 1, &u))
            return g_strdup_printf (_("a \\u escape without four hex digits, at byte %zu"), at);
          p += 4;
          /* A C string cannot hold it, and the writer never wrote it
           * (values with NUL are not written back). */
          if (u == 0)
            return g_strdup_printf (_("a NUL character (\\u0000), at byte %zu"), at);
          if (u >= 0xdc00 && u < 0xe000)
            return g_strdup_printf (_("a lone surrogate escape, at byte %zu"), at);
          if (u >= 0xd800 && u < 0xdc00)
            {
              if (p[1] != '\\' || p[2] != 'u' || !read_hex4 (p + 3, &low) || low < 0xdc00 || low >= 0xe000)
                return g_strdup_printf (_("a lone surrogate escape, at byte %zu"), at);
              p += 6;
            }
        }
      p++;
    }
  return NULL;
}

/* One of "old" and "new": every member a string or null, each name once
 * (json-glib keeps the last of two equal names: the parse's member count
 * is compared with the objects' sizes by the caller). */
static char *
read_columns (JsonObject     *root,
              const char     *key,
              PrColumnValues *values)
{
  JsonNode *node = json_object_get_member (root, key);
  JsonObject *object;
  g_autoptr(GList) members = NULL;

  if (node == NULL)
    return g_strdup_printf (_("no “%s” object"), key);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return g_strdup_printf (_("“%s” is not an object"), key);
  object = json_node_get_object (node);
  if (json_object_get_size (object) == 0 || json_object_get_size (object) > MAX_WRITE_COLUMNS)
    return g_strdup_printf (_("“%s” names %u columns, not 1 to %d"), key,
                            json_object_get_size (object), MAX_WRITE_COLUMNS);

  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *member = json_object_get_member (object, l->data);

      if (JSON_NODE_HOLDS_NULL (member))
        values->values[values->n] = NULL;
      else if (JSON_NODE_HOLDS_VALUE (member) && json_node_get_value_type (member) == G_TYPE_STRING)
        values->values[values->n] = json_node_dup_string (member);
      else
        return g_strdup_printf (_("the column “%s” of “%s” is neither a string nor null"),
                                (const char *) l->data, key);
      values->names[values->n] = g_strdup (l->data);
      values->n++;
    }
  return NULL;
}

static void
count_member (JsonParser *parser,
              JsonObject *object,
              const char *member_name,
              gpointer    user_data)
{
  (*(guint *) user_data)++;
}

static char *
parse (const char     *text,
       PrColumnValues *before,
       PrColumnValues *after)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;
  JsonNode *root;
  JsonObject *object;
  guint n_members = 0;
  char *problem;

  problem = find_damage (text);
  if (problem != NULL)
    return problem;
  g_signal_connect (parser, "object-member", G_CALLBACK (count_member), &n_members);
  if (!json_parser_load_from_data (parser, text, -1, &local_error))
    return g_strdup_printf (_("not JSON: %s"), local_error->message);

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return g_strdup (_("not a JSON object"));
  object = json_node_get_object (root);
  if (json_object_get_size (object) != 2)
    return g_strdup (_("the object must have exactly the members “old” and “new”"));
  problem = read_columns (object, "old", before);
  if (problem == NULL)
    problem = read_columns (object, "new", after);
  if (problem != NULL)
    return problem;
  if (n_members != 2 + before->n + after->n)
    return g_strdup (_("a name given twice in one object"));
  if (before->n != after->n)
    return g_strdup (_("“old” and “new” name different columns"));
  for (guint i = 0; i < before->n; i++)
    if (strcmp (before->names[i], after->names[i]) != 0)
      return g_strdup (_("“old” and “new” name different columns"));
  return NULL;
}

/**
 * _pr_old_values_from_json:
 * @text: a decision's old_values
 * @decision_id: the decision, for the message
 * @before: (out caller-allocates): "old", emptied first
 * @after: (out caller-allocates): "new", emptied first
 * @error: return location for a #GError
 *
 * Reads what _pr_old_values_to_json() wrote, or the writer before it:
 * "old" and "new" must name the same columns, in the same order.
 *
 * Returns: %FALSE with %PR_DB_ERROR_QUERY saying what is damaged, and
 *   @before and @after empty
 */
gboolean
_pr_old_values_from_json (const char      *text,
                          gint64           decision_id,
                          PrColumnValues  *before,
                          PrColumnValues  *after,
                          GError         **error)
{
  g_autofree char *problem = NULL;

  _pr_column_values_clear (before);
  _pr_column_values_clear (after);
  problem = parse (text, before, after);
  if (problem == NULL)
    return TRUE;

  _pr_column_values_clear (before);
  _pr_column_values_clear (after);
  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
               /* Translators: the %s says what is wrong with the JSON text. */
               _("decision %lld has damaged old values in the decision log (%s); it cannot be undone "
                 "with write-back: switch write-back off to record the undo in the log alone, and set "
                 "the source row's columns back by hand"), (long long) decision_id, problem);
  return FALSE;
}
