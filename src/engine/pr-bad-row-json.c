/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value that is a whole JSON object or array holding a letter's text
 * ({"content": "小区…", "attachments": [], "channel": "web"}), as a web
 * form's back end or a JSON column stores it. Read as it stands, its keys
 * and punctuation are words every such letter shares, and unrelated
 * letters are found as repeats. Only the whole value counts, and only
 * with four ideographs in its strings: a letter that quotes {"a":1}, or
 * a column of codes such as ["A1","B2"], is read.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <json-glib/json-glib.h>
#include <string.h>

#include "pr-bad-row-private.h"

/* Keys named in the reason, at most: enough to find the text's. */
#define JSON_KEYS_SHOWN 6
/* Deeper JSON is not parsed: no form's export nests so, and the parser
 * and the walk recurse once a level, on a thread's stack. */
#define JSON_MAX_DEPTH 32

typedef struct
{
  guint han;       /* in every string value */
  guint best_han;  /* in the string value that holds most */
  GString *path;   /* where the walk is, as a JSON path */
  char *best_path; /* that value's path */
} JsonWalk;

static void walk_node (JsonNode *node, JsonWalk *walk);

/* @key as a JSON path's member: .content, or ."a key" when it is not a
 * plain name. */
static void
append_member (GString    *path,
               const char *key)
{
  gboolean plain = g_ascii_isalpha (*key) || *key == '_';

  for (const char *p = key; plain && *p != '\0'; p++)
    plain = g_ascii_isalnum (*p) || *p == '_';
  if (plain)
    g_string_append_printf (path, ".%s", key);
  else
    g_string_append_printf (path, ".\"%s\"", key);
}

static void
walk_node (JsonNode *node,
           JsonWalk *walk)
{
  gsize at = walk->path->len;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *key;
      JsonNode *member;

      json_object_iter_init_ordered (&iter, json_node_get_object (node));
      while (json_object_iter_next_ordered (&iter, &key, &member))
        {
          append_member (walk->path, key);
          walk_node (member, walk);
          g_string_truncate (walk->path, at);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_string_append_printf (walk->path, "[%u]", i);
          walk_node (json_array_get_element (array, i), walk);
          g_string_truncate (walk->path, at);
        }
    }
  else if (json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (node);
      guint han = _pr_bad_row_count_han (text, text + strlen (text));

      walk->han += han;
      if (han > walk->best_han)
        {
          walk->best_han = han;
          g_free (walk->best_path);
          walk->best_path = g_strdup (walk->path->str);
        }
    }
}

/* The keys of the object @node, or of the first object in the array
 * @node, quoted and joined, or NULL if there is none. */
static char *
keys_shown (JsonNode *node)
{
  GString *shown;
  JsonObjectIter iter;
  const char *key;
  JsonNode *member;
  guint n = 0;

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      JsonNode *object = NULL;

      for (guint i = 0; object == NULL && i < json_array_get_length (array); i++)
        if (JSON_NODE_HOLDS_OBJECT (json_array_get_element (array, i)))
          object = json_array_get_element (array, i);
      if (object == NULL)
        return NULL;
      node = object;
    }
  shown = g_string_new (NULL);
  json_object_iter_init_ordered (&iter, json_node_get_object (node));
  while (json_object_iter_next_ordered (&iter, &key, &member))
    {
      if (n++ == JSON_KEYS_SHOWN)
        {
          g_string_append (shown, ", …");
          break;
        }
      g_string_append_printf (shown, "%s“%s”", n > 1 ? ", " : "", key);
    }
  return g_string_free (shown, n == 0);
}

/* Whether the brackets from @p to @end, outside strings, nest deeper
 * than JSON_MAX_DEPTH. */
static gboolean
too_deep (const char *p,
          const char *end)
{
  gboolean in_string = FALSE;
  int depth = 0;

  for (; p < end; p++)
    if (in_string)
      {
        if (*p == '\\')
          p++;
        else if (*p == '"')
          in_string = FALSE;
      }
    else if (*p == '"')
      in_string = TRUE;
    else if ((*p == '{' || *p == '[') && ++depth > JSON_MAX_DEPTH)
      return TRUE;
    else if (*p == '}' || *p == ']')
      depth--;
  return FALSE;
}

/**
 * _pr_bad_row_json:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is a whole JSON
 *   object or array holding text, or %NULL
 */
char *
_pr_bad_row_json (const char *value,
                  gsize       length)
{
  const char *start = value, *end = value + length;
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *keys = NULL;
  JsonNode *root;
  JsonWalk walk = { 0 };
  char *reason;

  while (start < end && g_ascii_isspace (*start))
    start++;
  while (end > start && g_ascii_isspace (end[-1]))
    end--;
  /* Every value passes here: parse only what is bracketed as JSON is. */
  if (end - start < 2 || !((*start == '{' && end[-1] == '}') || (*start == '[' && end[-1] == ']')))
    return NULL;
  if (too_deep (start, end))
    return NULL;
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, start, end - start, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !(JSON_NODE_HOLDS_OBJECT (root) || JSON_NODE_HOLDS_ARRAY (root)))
    return NULL;
  walk.path = g_string_new ("$");
  walk_node (root, &walk);
  g_string_free (walk.path, TRUE);
  if (walk.han < 4)
    {
      g_free (walk.best_path);
      return NULL;
    }
  keys = keys_shown (root);
  if (JSON_NODE_HOLDS_OBJECT (root))
    /* Translators: the object's keys (“content”, “channel”), then the
     * JSON path of its longest Chinese text, twice ($.content). */
    reason = g_strdup_printf (_("the value is a JSON object (keys %s; its Chinese text is at %s): its keys and "
                                "punctuation would be compared as the letter's words; select the text through "
                                "a view (JSON_VALUE(column, '%s')) or export the text field alone"),
                              keys, walk.best_path, walk.best_path);
  else if (keys != NULL)
    /* Translators: the keys of its first object (“content”, “channel”),
     * then the JSON path of its longest Chinese text, twice ($[0].content). */
    reason = g_strdup_printf (_("the value is a JSON array (keys %s; its Chinese text is at %s): its brackets, "
                                "keys and punctuation would be compared as the letter's words; select the text "
                                "through a view (JSON_VALUE(column, '%s')) or export the text field alone"),
                              keys, walk.best_path, walk.best_path);
  else
    /* Translators: the JSON path of its longest Chinese text, twice ($[0]). */
    reason = g_strdup_printf (_("the value is a JSON array (its Chinese text is at %s): its brackets and "
                                "punctuation would be compared as the letter's words; select the text through "
                                "a view (JSON_VALUE(column, '%s')) or export the text alone"),
                              walk.best_path, walk.best_path);
  g_free (walk.best_path);
  return reason;
}
