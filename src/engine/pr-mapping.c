/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A mapping says what each column of a petition table means to the
 * fingerprint: the record id, a short field (one feature, weight 2), a text
 * field (one feature per word, by term frequency), a date (chooses the
 * primary record), or nothing. Columns keep the order they were added in;
 * the fingerprinter takes values in that order.
 */
#define G_LOG_DOMAIN "pr-mapping"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>


#include "pr-decimal.h"
#include "pr-mapping.h"

G_DEFINE_QUARK (pr-mapping-error-quark, pr_mapping_error)

struct _PrMapping
{
  GArray *columns;  /* of PrMappingColumn */
};

static void
clear_column (gpointer data)
{
  PrMappingColumn *column = data;

  g_free (column->name);
  g_free (column->encoding);
  g_free (column->label);
}

PrMapping *
pr_mapping_new (void)
{
  PrMapping *self = g_new0 (PrMapping, 1);

  self->columns = g_array_new (FALSE, FALSE, sizeof (PrMappingColumn));
  g_array_set_clear_func (self->columns, clear_column);

  return self;
}

/**
 * pr_mapping_copy:
 * @mapping: a #PrMapping
 *
 * Returns: (transfer full): a deep copy, for another thread.
 */
PrMapping *
pr_mapping_copy (const PrMapping *mapping)
{
  PrMapping *copy = pr_mapping_new ();

  g_return_val_if_fail (mapping != NULL, copy);

  for (guint i = 0; i < mapping->columns->len; i++)
    {
      PrMappingColumn column = g_array_index (mapping->columns, PrMappingColumn, i);

      column.name = g_strdup (column.name);
      column.encoding = g_strdup (column.encoding);
      column.label = g_strdup (column.label);
      g_array_append_val (copy->columns, column);
    }

  return copy;
}

/**
 * pr_mapping_copy_roles:
 * @mapping: a mapping
 * @roles: the roles to keep
 * @n_roles: how many
 *
 * Returns: (transfer full): a copy of @mapping holding only its columns
 *   of @roles (with their encodings and labels), in its order: to read a
 *   table's few columns alone
 */
PrMapping *
pr_mapping_copy_roles (const PrMapping    *mapping,
                       const PrColumnRole *roles,
                       guint               n_roles)
{
  PrMapping *copy = pr_mapping_copy (mapping);

  for (guint i = copy->columns->len; i-- > 0;)
    {
      PrMappingColumn *column = &g_array_index (copy->columns, PrMappingColumn, i);
      gboolean keep = FALSE;

      for (guint r = 0; r < n_roles; r++)
        keep = keep || column->role == roles[r];
      if (!keep)
        g_array_remove_index (copy->columns, i);
    }
  return copy;
}

void
pr_mapping_free (PrMapping *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->columns);
  g_free (self);
}

const char *
pr_column_role_to_string (PrColumnRole role)
{
  switch (role)
    {
    case PR_COLUMN_ROLE_IGNORE: return "ignore";
    case PR_COLUMN_ROLE_ID: return "id";
    case PR_COLUMN_ROLE_SHORT: return "short";
    case PR_COLUMN_ROLE_TEXT: return "text";
    case PR_COLUMN_ROLE_DATE: return "date";
    case PR_COLUMN_ROLE_STATUS: return "status";
    case PR_COLUMN_ROLE_ACCEPTED: return "accepted";
    case PR_COLUMN_ROLE_UNIT: return "unit";
    default: g_return_val_if_reached ("ignore");
    }
}

double
pr_column_role_default_weight (PrColumnRole role)
{
  switch (role)
    {
    case PR_COLUMN_ROLE_SHORT: return PR_SHORT_DEFAULT_WEIGHT;
    case PR_COLUMN_ROLE_TEXT: return PR_TEXT_DEFAULT_WEIGHT;
    default: return 0.0;
    }
}

/**
 * pr_mapping_add:
 * @mapping: a #PrMapping
 * @name: the column's name, as the table or CSV header spells it
 * @role: what the column is
 * @weight: the feature weight (short: per value; text: per word occurrence);
 *   ignored for the other roles
 * @error: return location for a #GError
 *
 * Returns: %FALSE if the name is empty or mapped already, the weight is
 *   negative or not finite, or a second id column is added.
 */
gboolean
pr_mapping_add (PrMapping     *self,
                const char    *name,
                PrColumnRole   role,
                double         weight,
                GError       **error)
{
  PrMappingColumn column = { 0 };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (name[0] == '\0')
    {
      g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID, _("a column name is empty"));
      return FALSE;
    }
  /* A weight too small to tell from 0 (1e-320, a denormal) would weigh
   * nothing while looking as if it weighed a little. */
  if (!isfinite (weight) || weight < 0 || weight > PR_MAPPING_MAX_WEIGHT ||
      (weight > 0 && weight < PR_MAPPING_MIN_WEIGHT))
    {
      g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                   _("column “%s”: weight %g is not a number from %g to %g, nor 0"), name, weight,
                   PR_MAPPING_MIN_WEIGHT, PR_MAPPING_MAX_WEIGHT);
      return FALSE;
    }
  for (guint i = 0; i < self->columns->len; i++)
    {
      const PrMappingColumn *other = &g_array_index (self->columns, PrMappingColumn, i);

      if (strcmp (other->name, name) == 0 && other->role == role)
        {
          g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_DUPLICATE,
                       /* Translators: the role is the option's own word:
                        * id, short, text, date or ignore. */
                       _("column “%s” is given twice as %s"), name, pr_column_role_to_string (role));
          return FALSE;
        }
      if (strcmp (other->name, name) == 0)
        {
          g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_DUPLICATE,
                       /* Translators: the roles are the options' own words:
                        * id, short, text, date or ignore. */
                       _("column “%s” is mapped twice (as %s and as %s)"),
                       name, pr_column_role_to_string (other->role), pr_column_role_to_string (role));
          return FALSE;
        }
      if ((role == PR_COLUMN_ROLE_ID || role == PR_COLUMN_ROLE_DATE || role == PR_COLUMN_ROLE_STATUS ||
           role == PR_COLUMN_ROLE_ACCEPTED || role == PR_COLUMN_ROLE_UNIT) && other->role == role)
        {
          g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_DUPLICATE,
                       /* Translators: %s is the role: id, date, status, accepted or unit. */
                       _("only one %s column is allowed (“%s” and “%s”)"),
                       pr_column_role_to_string (role), other->name, name);
          return FALSE;
        }
    }

  column.name = g_strdup (name);
  column.role = role;
  column.weight = (role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT) ? weight : 0.0;
  column.identity = PR_IDENTITY_NONE;
  column.category = FALSE;
  column.encoding = NULL;
  column.label = NULL;
  column.json = FALSE;
  g_array_append_val (self->columns, column);

  return TRUE;
}

/* The short column @name, or NULL. */
static PrMappingColumn *
find_short (PrMapping  *self,
            const char *name)
{
  for (guint i = 0; i < self->columns->len; i++)
    {
      PrMappingColumn *column = &g_array_index (self->columns, PrMappingColumn, i);

      if (strcmp (column->name, name) == 0 && column->role == PR_COLUMN_ROLE_SHORT)
        return column;
    }
  return NULL;
}

/**
 * pr_mapping_set_identity:
 * @mapping: a #PrMapping
 * @name: a short column of @mapping
 * @role: what it tells of who sent the record
 * @error: return location for a #GError
 *
 * Marks @name as telling who sent the record (pr-identity-table.c says
 * which values make two records the same petitioner's).
 *
 * Returns: %FALSE if @name is not a short column of @mapping, or has
 *   another identity role already
 */
gboolean
pr_mapping_set_identity (PrMapping       *self,
                         const char      *name,
                         PrIdentityRole   role,
                         GError         **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (role > PR_IDENTITY_NONE && role < PR_IDENTITY_N_ROLES, FALSE);

  for (guint i = 0; i < self->columns->len; i++)
    {
      PrMappingColumn *column = &g_array_index (self->columns, PrMappingColumn, i);

      if (strcmp (column->name, name) != 0 || column->role != PR_COLUMN_ROLE_SHORT)
        continue;
      if (column->identity != PR_IDENTITY_NONE && column->identity != role)
        {
          g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_DUPLICATE,
                       /* Translators: the roles are the options' own words: petitioner,
                        * name, id-card, phone or address. */
                       _("column “%s” is given both as %s and as %s; a column tells one thing about the "
                         "petitioner"), name, pr_identity_role_to_string (column->identity),
                       pr_identity_role_to_string (role));
          return FALSE;
        }
      column->identity = role;
      return TRUE;
    }
  g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
               /* Translators: %s after “as” is the option's own word: petitioner, name,
                * id-card, phone or address. */
               _("column “%s” is given as %s, so it must be a short column too"), name,
               pr_identity_role_to_string (role));
  return FALSE;
}

/**
 * pr_mapping_set_petitioner:
 * @mapping: a #PrMapping
 * @name: a short column of @mapping
 * @error: return location for a #GError
 *
 * Marks @name as naming the petitioner by an identifier unique by itself
 * (an account id): records that agree on it come from the same person (a
 * repeat by the same petitioner, not the same matter from another).
 *
 * Returns: %FALSE if @name is not a short column of @mapping
 */
gboolean
pr_mapping_set_petitioner (PrMapping   *self,
                           const char  *name,
                           GError     **error)
{
  return pr_mapping_set_identity (self, name, PR_IDENTITY_PETITIONER, error);
}

/**
 * pr_mapping_remove:
 * @mapping: a #PrMapping
 * @name: a column's name
 *
 * Takes @name out of @mapping (to give a guessed column another role).
 *
 * Returns: whether @name was mapped
 */
gboolean
pr_mapping_remove (PrMapping  *self,
                   const char *name)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < self->columns->len; i++)
    {
      PrMappingColumn *column = &g_array_index (self->columns, PrMappingColumn, i);

      /* The array's clear function frees the column's strings. */
      if (strcmp (column->name, name) == 0)
        {
          g_array_remove_index (self->columns, i);
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * pr_mapping_set_category:
 * @mapping: a #PrMapping
 * @name: a short column of @mapping
 * @error: return location for a #GError
 *
 * Marks @name as the matter's category (土地征收, 劳动社保…): one person's
 * records in the same category are offered as "same person, other words"
 * even where their texts differ (pr-repeat-kind.c). At most one column.
 *
 * Returns: %FALSE if @name is not a short column of @mapping, or another
 *   column is the category already
 */
gboolean
pr_mapping_set_category (PrMapping   *self,
                         const char  *name,
                         GError     **error)
{
  PrMappingColumn *column;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < self->columns->len; i++)
    {
      const PrMappingColumn *other = &g_array_index (self->columns, PrMappingColumn, i);

      if (other->category && strcmp (other->name, name) != 0)
        {
          g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_DUPLICATE,
                       _("only one category column is allowed (“%s” and “%s”)"), other->name, name);
          return FALSE;
        }
    }
  column = find_short (self, name);
  if (column != NULL)
    {
      column->category = TRUE;
      return TRUE;
    }
  g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
               _("column “%s” is the category, so it must be a short column too"), name);
  return FALSE;
}

/**
 * pr_mapping_force_encodings:
 * @mapping: a mapping
 *
 * Every column is read in its given encoding or its character set even
 * where a value's bytes also read as UTF-8 text: GBK text such as
 * “A茅” (bytes 41 C3 A9) is UTF-8's “Aé” too, and only the user knows
 * which it is.
 */
void
pr_mapping_force_encodings (PrMapping *self)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < self->columns->len; i++)
    g_array_index (self->columns, PrMappingColumn, i).encoding_forced = TRUE;
}

/**
 * pr_mapping_set_encoding:
 * @mapping: a #PrMapping
 * @name: a column of @mapping
 * @encoding: the encoding its bytes are in, as iconv names it ("GBK",
 *   "GB18030", "BIG5", "CP1252", "UTF-8")
 * @error: return location for a #GError
 *
 * For a table whose column holds text in another encoding than its
 * declared character set says (GBK bytes in a latin1 column, a BLOB): the
 * column's bytes are read as they are stored and converted from @encoding.
 *
 * Returns: %FALSE if @name is not mapped, or @encoding is unknown
 */
gboolean
pr_mapping_set_encoding (PrMapping   *self,
                         const char  *name,
                         const char  *encoding,
                         GError     **error)
{
  GIConv converter;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (encoding != NULL, FALSE);

  converter = encoding[0] != '\0' ? g_iconv_open ("UTF-8", encoding) : (GIConv) -1;
  if (converter == (GIConv) -1)
    {
      g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                   _("column “%s”: unknown encoding “%s” (Chinese tables are usually GBK, GB18030 or BIG5; "
                     "Western ones CP1252)"), name, encoding);
      return FALSE;
    }
  g_iconv_close (converter);

  for (guint i = 0; i < self->columns->len; i++)
    {
      PrMappingColumn *column = &g_array_index (self->columns, PrMappingColumn, i);

      if (strcmp (column->name, name) == 0 && column->role != PR_COLUMN_ROLE_IGNORE)
        {
          g_free (column->encoding);
          column->encoding = g_ascii_strup (encoding, -1);
          return TRUE;
        }
    }
  g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
               _("column “%s” has an encoding but is not mapped: map it (--text, --short…) too"), name);
  return FALSE;
}

/* What iconv, which decodes a column (pr-column-decoder.c), makes of
 * @encoding: every byte alone read as it, and a few characters of several
 * scripts written in it, one conversion each (so a byte order mark it
 * writes counts). Two names of one encoding give the same; iconv has no
 * canonical name to compare. %NULL if iconv does not know it. */
static GString *
iconv_signature (const char *encoding)
{
  static const char *const probes[] = {
    "A", "\xC3\xA9", "\xE2\x82\xAC", "\xC2\xA5", "\xD0\x96", "\xCE\xA9", "\xE4\xB8\xAD",
    "\xE9\xBE\x98", "\xE7\xA1\x80", "\xE3\x80\x85", "\xE3\x82\xAB", "\xED\x95\x9C",
    "\xEF\xBD\x9E", "\xF0\xA0\x80\x80", "\xF0\x9F\x98\x80",
  };
  GIConv converter = g_iconv_open ("UTF-8", encoding);
  GString *signature;

  if (converter == (GIConv) -1)
    return NULL;
  g_iconv_close (converter);
  signature = g_string_new (NULL);
  for (guint byte = 0; byte < 256; byte++)
    {
      char one = (char) byte;
      g_autofree char *text = g_convert (&one, 1, "UTF-8", encoding, NULL, NULL, NULL);

      g_string_append (signature, text != NULL ? text : "\x01?");
      g_string_append_c (signature, '\x02');
    }
  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    {
      gsize length = 0;
      g_autofree char *bytes = g_convert (probes[i], -1, encoding, "UTF-8", NULL, &length, NULL);
      g_autofree char *hex = bytes != NULL ? g_strdup_printf ("%zu:", length) : g_strdup ("-");

      g_string_append (signature, hex);
      for (gsize b = 0; bytes != NULL && b < length; b++)
        g_string_append_printf (signature, "%02X", (guint8) bytes[b]);
      g_string_append_c (signature, '\x02');
    }
  return signature;
}

/**
 * pr_mapping_same_encoding:
 * @a: an encoding's name
 * @b: another
 *
 * Decided as the column is decoded, by iconv: @a and @b are one encoding
 * when iconv reads and writes the same with either (gb18030 and GB18030,
 * utf8 and UTF-8), and two when it does not (UCS-2 and UTF-16, which ICU
 * calls one).
 *
 * Returns: whether @a and @b name one encoding
 */
gboolean
pr_mapping_same_encoding (const char *a,
                          const char *b)
{
  g_autoptr(GString) sig_a = NULL;
  g_autoptr(GString) sig_b = NULL;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (g_ascii_strcasecmp (a, b) == 0)
    return TRUE;
  sig_a = iconv_signature (a);
  sig_b = iconv_signature (b);
  return sig_a != NULL && sig_b != NULL && g_string_equal (sig_a, sig_b);
}

/**
 * pr_mapping_set_json:
 * @mapping: a #PrMapping
 * @name: a column of @mapping (another name is no column of it: nothing)
 * @json: whether the table's column holds JSON
 *
 * Says, from the table's catalogue, that @name is a JSON column, whose
 * strings are read as their text (pr-record-reader.c): their values are
 * not the bytes the table holds, so fingerprints stored from those bytes
 * are of another mapping version (pr_fingerprint_describe ()).
 */
void
pr_mapping_set_json (PrMapping  *self,
                     const char *name,
                     gboolean    json)
{
  g_return_if_fail (self != NULL && name != NULL);

  for (guint i = 0; i < self->columns->len; i++)
    {
      PrMappingColumn *column = &g_array_index (self->columns, PrMappingColumn, i);

      if (strcmp (column->name, name) == 0)
        column->json = json;
    }
}

/**
 * pr_mapping_set_label:
 * @mapping: a #PrMapping
 * @name: a column of @mapping
 * @label: (nullable): the name people see for it (the catalogue's column
 *   comment, or one the reviewer gave); %NULL or empty: the column's name
 * @error: return location for a #GError
 *
 * A label is for display only (compare, explain, the report's headings):
 * it changes no fingerprint, and no mapping's version.
 *
 * Returns: %FALSE if @name is not a column of @mapping
 */
gboolean
pr_mapping_set_label (PrMapping   *self,
                      const char  *name,
                      const char  *label,
                      GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < self->columns->len; i++)
    {
      PrMappingColumn *column = &g_array_index (self->columns, PrMappingColumn, i);

      if (strcmp (column->name, name) == 0)
        {
          g_autofree char *stripped = label != NULL ? g_strstrip (g_strdup (label)) : NULL;

          g_free (column->label);
          column->label = stripped != NULL && stripped[0] != '\0' && strcmp (stripped, name) != 0
                            ? g_steal_pointer (&stripped) : NULL;
          return TRUE;
        }
    }
  g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
               _("column “%s” has a display name but is not mapped"), name);
  return FALSE;
}

/* Returns: the name to show for @column: its label, else its name. */
const char *
pr_mapping_column_get_label (const PrMappingColumn *column)
{
  return column->label != NULL ? column->label : column->name;
}

/* The number of columns that tell who sent a record, whatever their identity role. */
guint
pr_mapping_count_petitioner (const PrMapping *self)
{
  guint n = 0;

  for (guint i = 0; i < self->columns->len; i++)
    n += g_array_index (self->columns, PrMappingColumn, i).identity != PR_IDENTITY_NONE;
  return n;
}

/* The number of columns of one identity role. */
guint
pr_mapping_count_identity (const PrMapping *self,
                           PrIdentityRole   role)
{
  guint n = 0;

  for (guint i = 0; i < self->columns->len; i++)
    n += g_array_index (self->columns, PrMappingColumn, i).identity == role;
  return n;
}

/**
 * pr_mapping_explain_missing_column:
 * @name: a mapped column the source does not have
 * @error: the error that says so
 *
 * pr_mapping_add_spec() takes "body:abc" whole as a name, since a name may
 * hold a colon; a source without that column more likely met a mistyped
 * weight, and the error says so.
 */
void
pr_mapping_explain_missing_column (const char  *name,
                                   GError     **error)
{
  const char *colon = strrchr (name, ':');
  char *message;

  if (error == NULL || *error == NULL || colon == NULL || colon[1] == '\0')
    return;
  message = g_strdup_printf (_("%s; “%s” after the last colon is not a number, so it was read as part of "
                               "the column's name, not as its weight"), (*error)->message, colon + 1);
  g_free ((*error)->message);
  (*error)->message = message;
}

/**
 * pr_mapping_add_spec:
 * @mapping: a #PrMapping
 * @role: what the column is
 * @spec: "NAME" or "NAME:WEIGHT", as on the command line
 * @error: return location for a #GError
 *
 * A name may itself hold a colon: only a suffix that is a number is taken
 * as the weight.
 *
 * Returns: %FALSE with @error set as pr_mapping_add() does.
 */
gboolean
pr_mapping_add_spec (PrMapping     *self,
                     PrColumnRole   role,
                     const char    *spec,
                     GError       **error)
{
  const char *colon;
  double weight = pr_column_role_default_weight (role);
  g_autofree char *name = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  colon = strrchr (spec, ':');
  if (colon != NULL && colon[1] != '\0')
    {
      double parsed;

      if (pr_decimal_parse (colon + 1, &parsed))
        {
          name = g_strndup (spec, colon - spec);
          weight = parsed;
        }
    }
  if (name == NULL)
    name = g_strdup (spec);

  return pr_mapping_add (self, name, role, weight, error);
}

guint
pr_mapping_get_n_columns (const PrMapping *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->columns->len;
}

const PrMappingColumn *
pr_mapping_get_column (const PrMapping *self,
                       guint            index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->columns->len, NULL);

  return &g_array_index (self->columns, PrMappingColumn, index);
}

/* Returns: the index of the first column with @role, or -1. */
int
pr_mapping_find (const PrMapping *self,
                 PrColumnRole     role)
{
  g_return_val_if_fail (self != NULL, -1);

  for (guint i = 0; i < self->columns->len; i++)
    if (g_array_index (self->columns, PrMappingColumn, i).role == role)
      return i;

  return -1;
}

guint
pr_mapping_count_role (const PrMapping *self,
                       PrColumnRole     role)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->columns->len; i++)
    if (g_array_index (self->columns, PrMappingColumn, i).role == role)
      n++;

  return n;
}
