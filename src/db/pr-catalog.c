/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the database says about its tables. Table and column names are
 * only ever taken from here, never from a user's typing, and are quoted
 * wherever they go into SQL (docs/design.md, "Data safety").
 */
#define G_LOG_DOMAIN "pr-catalog"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-catalog.h"
#include "pr-connection-private.h"

void
pr_column_info_free (PrColumnInfo *info)
{
  if (info == NULL)
    return;

  g_free (info->name);
  g_free (info->data_type);
  g_free (info->comment);
  g_free (info->charset);
  g_free (info);
}

/**
 * pr_column_info_is_binary:
 * @info: a column
 *
 * Bytes rather than text (BINARY, VARBINARY, the BLOB types): such a value
 * is not a name a reviewer can read or a UTF-8 file can hold as it is.
 *
 * Returns: whether @info is one
 */
gboolean
pr_column_info_is_binary (const PrColumnInfo *info)
{
  static const char *const binary_types[] = { "binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob",
                                              NULL };

  return g_strv_contains (binary_types, info->data_type);
}

/**
 * pr_column_info_is_unicode:
 * @info: a column
 *
 * Returns: whether @info stores Unicode text (utf8mb4, utf8mb3, ucs2,
 *   utf16, utf32), whose bytes no other encoding given for it would read
 */
gboolean
pr_column_info_is_unicode (const PrColumnInfo *info)
{
  return info->charset != NULL && (g_str_has_prefix (info->charset, "utf") || g_str_equal (info->charset, "ucs2"));
}

/**
 * pr_column_info_east_asian_encoding:
 * @info: a column
 *
 * Returns: (nullable): iconv's name of @info's character set if it is an
 *   East Asian multi-byte one (gbk, gb2312, big5, sjis, cp932, ujis,
 *   eucjpms, euckr), whose reading makes ideographs of UTF-8 Western
 *   text stored in it; else %NULL
 */
const char *
pr_column_info_east_asian_encoding (const PrColumnInfo *info)
{
  static const char *const names[][2] = {
    { "gbk", "GBK" }, { "gb2312", "GB2312" }, { "big5", "BIG5" }, { "sjis", "SHIFT_JIS" },
    { "cp932", "CP932" }, { "ujis", "EUC-JP" }, { "eucjpms", "EUC-JP-MS" }, { "euckr", "EUC-KR" },
  };

  for (guint i = 0; info->charset != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (info->charset, names[i][0]))
      return names[i][1];
  return NULL;
}

/**
 * pr_catalog_list_tables:
 * @connection: a connection with a current database
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type utf8): the names of the current
 *   database's tables and views, in name order
 */
GPtrArray *
pr_catalog_list_tables (PrConnection  *connection,
                        GError       **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  GPtrArray *names;

  g_return_val_if_fail (connection != NULL, NULL);

  rows = _pr_connection_select (connection,
                                "SELECT TABLE_NAME FROM information_schema.TABLES "
                                "WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME",
                                NULL, 0, error);
  if (rows == NULL)
    return NULL;

  names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < rows->len; i++)
    g_ptr_array_add (names, g_strdup (((PrDbRow *) rows->pdata[i])->values[0]));

  return names;
}

/* The comment as a column's display name, or NULL: none, blank, or more a
 * note than a name (a line break, over 32 characters). */
static char *
comment_as_name (const char *comment)
{
  g_autofree char *stripped = comment != NULL ? g_strstrip (g_strdup (comment)) : NULL;

  if (stripped == NULL || stripped[0] == '\0' || strpbrk (stripped, "\r\n\t") != NULL ||
      !g_utf8_validate (stripped, -1, NULL) || g_utf8_strlen (stripped, -1) > PR_CATALOG_MAX_COMMENT_NAME)
    return NULL;
  return g_steal_pointer (&stripped);
}

/* MariaDB's JSON is LONGTEXT with a CHECK (json_valid(`col`)); its
 * values are JSON text, a string among them in quotes and escapes
 * ("\u6211" for 我), which a reader must unquote. A server without
 * this view (MySQL's lacks TABLE_NAME) has a type json instead. */
static void
mark_json_columns (PrConnection *connection,
                   const char   *table,
                   GPtrArray    *columns)
{
  const char *params[] = { table };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows =
    _pr_connection_select (connection,
                           "SELECT CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS "
                           "WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = ?",
                           params, 1, &error);

  if (rows == NULL)
    {
      g_debug ("no check constraints of “%s” read: %s", table, error->message);
      return;
    }
  for (guint i = 0; i < columns->len; i++)
    {
      PrColumnInfo *info = columns->pdata[i];
      g_autofree char *quoted = pr_connection_quote_identifier (info->name);
      g_autofree char *check = g_strdup_printf ("json_valid(%s)", quoted);

      for (guint r = 0; r < rows->len && !info->json; r++)
        info->json = g_strcmp0 (((PrDbRow *) rows->pdata[r])->values[0], check) == 0;
    }
}

/**
 * pr_catalog_list_columns:
 * @connection: a connection with a current database
 * @table: a table of it
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type PrColumnInfo): the columns in
 *   table order, or %NULL with %PR_DB_ERROR_NO_SUCH_TABLE
 */
GPtrArray *
pr_catalog_list_columns (PrConnection  *connection,
                         const char    *table,
                         GError       **error)
{
  const char *params[] = { table };
  g_autoptr(GPtrArray) rows = NULL;
  GPtrArray *columns;

  g_return_val_if_fail (connection != NULL, NULL);
  g_return_val_if_fail (table != NULL, NULL);

  /* A column is unique by itself when a unique index (the primary key
   * included) has it as its only column. */
  rows = _pr_connection_select (connection,
                                "SELECT c.COLUMN_NAME, LOWER(c.DATA_TYPE), c.CHARACTER_MAXIMUM_LENGTH, c.COLUMN_KEY, "
                                "  EXISTS (SELECT 1 FROM information_schema.STATISTICS s "
                                "          WHERE s.TABLE_SCHEMA = c.TABLE_SCHEMA AND s.TABLE_NAME = c.TABLE_NAME "
                                "            AND s.COLUMN_NAME = c.COLUMN_NAME AND s.NON_UNIQUE = 0 "
                                "            AND NOT EXISTS (SELECT 1 FROM information_schema.STATISTICS o "
                                "                            WHERE o.TABLE_SCHEMA = s.TABLE_SCHEMA "
                                "                              AND o.TABLE_NAME = s.TABLE_NAME "
                                "                              AND o.INDEX_NAME = s.INDEX_NAME "
                                "                              AND o.SEQ_IN_INDEX <> s.SEQ_IN_INDEX)), "
                                "  c.COLUMN_COMMENT, LOWER(c.CHARACTER_SET_NAME) "
                                "FROM information_schema.COLUMNS c "
                                "WHERE c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME = ? "
                                "ORDER BY c.ORDINAL_POSITION",
                                params, 1, error);
  if (rows == NULL)
    return NULL;
  if (rows->len == 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                   _("the database has no table “%s” (or this user may not see it)"), table);
      return NULL;
    }

  columns = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_column_info_free);
  for (guint i = 0; i < rows->len; i++)
    {
      PrDbRow *row = rows->pdata[i];
      PrColumnInfo *info = g_new0 (PrColumnInfo, 1);

      info->name = g_strdup (row->values[0]);
      info->data_type = g_strdup (row->values[1] != NULL ? row->values[1] : "");
      info->max_length = row->values[2] != NULL ? g_ascii_strtoull (row->values[2], NULL, 10) : 0;
      info->primary_key = g_strcmp0 (row->values[3], "PRI") == 0;
      info->unique = g_strcmp0 (row->values[4], "1") == 0;
      /* A comment is a display name only if it is short and on one line:
       * a paragraph about the column would not fit a heading. */
      info->comment = comment_as_name (row->values[5]);
      info->charset = g_strdup (row->values[6]);
      info->json = g_str_equal (info->data_type, "json");
      g_ptr_array_add (columns, info);
    }
  mark_json_columns (connection, table, columns);

  return columns;
}

/**
 * pr_catalog_estimate_rows:
 * @connection: a connection with a current database
 * @table: a table of it
 * @error: return location for a #GError
 *
 * The server's estimate of a table's rows (exact for MyISAM, a guess for
 * InnoDB), for progress only: counting would read the whole table.
 *
 * Returns: the estimate; 0 on error, with @error set
 */
guint64
pr_catalog_estimate_rows (PrConnection  *connection,
                          const char    *table,
                          GError       **error)
{
  const char *params[] = { table };
  g_autoptr(GPtrArray) rows = NULL;
  const char *value;

  rows = _pr_connection_select (connection,
                                "SELECT TABLE_ROWS FROM information_schema.TABLES "
                                "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?",
                                params, 1, error);
  if (rows == NULL || rows->len == 0)
    return 0;

  value = ((PrDbRow *) rows->pdata[0])->values[0];
  return value != NULL ? g_ascii_strtoull (value, NULL, 10) : 0;
}

static gboolean
name_has (const char        *name,
          const char *const *words)
{
  g_autofree char *lower = g_utf8_strdown (name, -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (lower, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
is_one_of (const char        *type,
           const char *const *types)
{
  return g_strv_contains (types, type);
}

/* What a short column tells of the petitioner: ID cards and phones as its
 * values look; else as its name says, and for a person's column (姓名,
 * petitioner) a name, or an identifier when its values have digits
 * (居民0, A00074011). A category's values look like names: values alone
 * never make a name. */
static PrIdentityRole
guess_identity (const PrColumnInfo *column)
{
  static const char *const id_card_words[] = { "id_card", "idcard", "id_no", "idno", "identity", "身份证", "证件",
                                               NULL };
  static const char *const phone_words[] = { "phone", "mobile", "tel", "电话", "手机", "联系方式", NULL };
  static const char *const petitioner_words[] = { "user", "account", "用户", "账号", "帐号", NULL };
  static const char *const name_words[] = { "name", "petitioner", "姓名", "信访人", "联系人", "投诉人", "举报人",
                                            NULL };
  static const char *const address_words[] = { "address", "addr", "地址", "住址", NULL };

  if (column->identity == PR_IDENTITY_ID_CARD || column->identity == PR_IDENTITY_PHONE)
    return column->identity;
  if (name_has (column->name, id_card_words))
    return PR_IDENTITY_ID_CARD;
  if (name_has (column->name, phone_words))
    return PR_IDENTITY_PHONE;
  if (name_has (column->name, petitioner_words))
    return PR_IDENTITY_PETITIONER;
  if (name_has (column->name, name_words))
    return column->identity == PR_IDENTITY_PETITIONER ? PR_IDENTITY_PETITIONER : PR_IDENTITY_NAME;
  if (name_has (column->name, address_words))
    return PR_IDENTITY_ADDRESS;
  return PR_IDENTITY_NONE;
}

/**
 * pr_catalog_sample_identities:
 * @connection: an open connection
 * @table: a table of the database
 * @columns: (element-type PrColumnInfo): its columns, whose identity is set
 * @error: return location for a #GError
 *
 * Reads the first rows' character columns and says of each whether its
 * values look like ID card numbers, phones or names
 * (pr_identity_guess_role ()), for pr_catalog_guess_mapping ().
 *
 * Returns: %FALSE if the rows could not be read
 */
gboolean
pr_catalog_sample_identities (PrConnection  *connection,
                              const char    *table,
                              GPtrArray     *columns,
                              GError       **error)
{
  static const char *const string_types[] = { "varchar", "char", NULL };
  g_autoptr(GString) sql = g_string_new ("SELECT ");
  g_autoptr(GArray) chosen = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *quoted_table = NULL;

  g_return_val_if_fail (connection != NULL && table != NULL && columns != NULL, FALSE);

  for (guint i = 0; i < columns->len; i++)
    {
      PrColumnInfo *column = columns->pdata[i];
      g_autofree char *quoted = NULL;

      column->identity = PR_IDENTITY_NONE;
      if (!is_one_of (column->data_type, string_types) || column->max_length > 255)
        continue;
      quoted = pr_connection_quote_identifier (column->name);
      g_string_append_printf (sql, "%s%s", chosen->len > 0 ? ", " : "", quoted);
      g_array_append_val (chosen, i);
    }
  if (chosen->len == 0)
    return TRUE;
  quoted_table = pr_connection_quote_identifier (table);
  g_string_append_printf (sql, " FROM %s LIMIT 200", quoted_table);
  rows = _pr_connection_select (connection, sql->str, NULL, 0, error);
  if (rows == NULL)
    return FALSE;

  for (guint c = 0; c < chosen->len; c++)
    {
      g_autofree const char **values = g_new0 (const char *, MAX (rows->len, 1));

      for (guint r = 0; r < rows->len; r++)
        values[r] = ((PrDbRow *) rows->pdata[r])->values[c];
      ((PrColumnInfo *) columns->pdata[g_array_index (chosen, guint, c)])->identity =
        pr_identity_guess_role (values, rows->len);
    }
  return TRUE;
}

/**
 * pr_catalog_date_rank:
 * @column: a table's column
 *
 * How well a column answers for the record's date, which is the day the
 * petition came in (the periods of the rules run from it, and the earliest
 * of a case is its primary): 0 for a name that says so (submitted,
 * received, 来信, 收到, 登记…), 1 for another name (date, created_at,
 * 日期), 2 for a later step of the case (accepted, 受理, replied, closed,
 * updated…), which is the date only when nothing better is there; -1 for
 * a column that holds no dates. The guess takes the lowest rank, and of
 * equal ranks the first in the table, whatever the order of the columns.
 *
 * Returns: the rank, or -1
 */
int
pr_catalog_date_rank (const PrColumnInfo *column)
{
  static const char *const date_types[] = { "datetime", "date", "timestamp", NULL };
  static const char *const came_in_words[] = { "submit", "receiv", "receipt", "arriv", "filed", "register",
                                               "来信", "来访", "信访日期", "信访时间", "收到", "收信", "登记",
                                               "提交", "投诉时间", "投诉日期", NULL };
  static const char *const later_words[] = { "accept", "repl", "answer", "clos", "finish", "done", "due",
                                             "deadline", "updat", "modif", "chang", "受理", "答复", "回复",
                                             "办结", "结案", "期限", "更新", "修改", NULL };

  g_return_val_if_fail (column != NULL, -1);

  if (!is_one_of (column->data_type, date_types))
    return -1;
  if (name_has (column->name, later_words))
    return 2;
  if (name_has (column->name, came_in_words))
    return 0;
  return 1;
}

/**
 * pr_catalog_guess_mapping:
 * @columns: (element-type PrColumnInfo): a table's columns
 *
 * A first mapping for the reviewer to correct: a primary key of one
 * column (or, without a primary key, a column called id) is the id,
 * unless it is binary: raw bytes make no id a person can read or type
 * (one can still be chosen, and is then shown in hex), nor BIT (no text
 * at all, refused when chosen); the date is the day the petition came
 * in (pr_catalog_date_rank ()); long
 * text (TEXT types, VARCHAR over 255, or a title/subject column) is text;
 * other short strings are short fields, but those of the case (a status,
 * a receiving unit); numbers, binary data and the rest are ignored. A
 * short field tells who the petitioner is as its values look (after
 * pr_catalog_sample_identities ()) or its name says: an ID card, a phone,
 * an account, a name, an address. A column's comment, if it has one, is
 * its display name.
 *
 * Returns: (transfer full): the mapping, in table order
 */
PrMapping *
pr_catalog_guess_mapping (GPtrArray *columns)
{
  static const char *const text_types[] = { "text", "tinytext", "mediumtext", "longtext", NULL };
  static const char *const string_types[] = { "varchar", "char", "enum", "set", NULL };
  static const char *const date_types[] = { "datetime", "date", "timestamp", NULL };
  static const char *const title_words[] = { "subject", "title", "topic", "主题", "标题", "事由", NULL };
  static const char *const id_words[] = { "id", "编号", NULL };
  /* Case records, not the matter: the rules read them, the fingerprint does not. */
  static const char *const case_words[] = { "status", "state", "unit", "accepted", "状态", "单位", "受理", "承办",
                                            NULL };
  PrMapping *mapping = pr_mapping_new ();
  gboolean have_id = FALSE;
  guint n_primary = 0;
  int date_rank = G_MAXINT;
  const PrColumnInfo *date = NULL;

  g_return_val_if_fail (columns != NULL, mapping);

  for (guint i = 0; i < columns->len; i++)
    {
      const PrColumnInfo *column = columns->pdata[i];
      int rank = pr_catalog_date_rank (column);

      n_primary += column->primary_key;
      if (rank >= 0 && rank < date_rank)
        {
          date = column;
          date_rank = rank;
        }
    }

  for (guint i = 0; i < columns->len; i++)
    {
      PrColumnInfo *column = columns->pdata[i];
      PrColumnRole role = PR_COLUMN_ROLE_IGNORE;

      if (!have_id && !pr_column_info_is_binary (column) && !g_str_equal (column->data_type, "bit") &&
          ((n_primary == 1 && column->primary_key) ||
           (n_primary == 0 && g_ascii_strcasecmp (column->name, "id") == 0) ||
           (n_primary == 0 && name_has (column->name, id_words + 1))))
        {
          role = PR_COLUMN_ROLE_ID;
          have_id = TRUE;
        }
      else if (is_one_of (column->data_type, date_types))
        role = column == date ? PR_COLUMN_ROLE_DATE : PR_COLUMN_ROLE_IGNORE;
      else if (is_one_of (column->data_type, text_types) ||
               (is_one_of (column->data_type, string_types) &&
                (column->max_length > 255 || name_has (column->name, title_words))))
        role = PR_COLUMN_ROLE_TEXT;
      else if (is_one_of (column->data_type, string_types) && !name_has (column->name, case_words))
        role = PR_COLUMN_ROLE_SHORT;

      pr_mapping_add (mapping, column->name, role, pr_column_role_default_weight (role), NULL);
      pr_mapping_set_label (mapping, column->name, column->comment, NULL);
      pr_mapping_set_json (mapping, column->name, column->json);
      if (role == PR_COLUMN_ROLE_SHORT && guess_identity (column) != PR_IDENTITY_NONE)
        pr_mapping_set_identity (mapping, column->name, guess_identity (column), NULL);
    }

  return mapping;
}

/**
 * pr_catalog_guess_case_role:
 * @column: a table's column
 * @category: (out): set when the column names the matter's category
 *
 * What a column tells of the case, by its name: its state (status, 状态),
 * the day it was accepted (accepted, 受理日期), the body that received it
 * (receiving_unit, 受理单位, 承办单位), or the matter's category
 * (category, 类别, 分类). The rules read these (pr-case-rules.c); they are
 * offered beside the identity roles, for the reviewer to correct.
 *
 * Returns: %PR_COLUMN_ROLE_STATUS, %PR_COLUMN_ROLE_ACCEPTED,
 *   %PR_COLUMN_ROLE_UNIT, or %PR_COLUMN_ROLE_IGNORE for none (and for a
 *   category, which is a short field)
 */
PrColumnRole
pr_catalog_guess_case_role (const PrColumnInfo *column,
                            gboolean           *category)
{
  static const char *const date_types[] = { "datetime", "date", "timestamp", NULL };
  static const char *const status_words[] = { "status", "state", "状态", NULL };
  static const char *const accepted_words[] = { "accepted", "受理日期", "受理时间", NULL };
  /* Not "unit" anywhere: a community (社区) column is no receiving body. */
  static const char *const unit_words[] = { "receiving", "单位", "承办", NULL };
  static const char *const category_words[] = { "category", "类别", "分类", "类型", NULL };

  *category = FALSE;
  if (name_has (column->name, accepted_words) && is_one_of (column->data_type, date_types))
    return PR_COLUMN_ROLE_ACCEPTED;
  if (is_one_of (column->data_type, date_types) || pr_column_info_is_binary (column))
    return PR_COLUMN_ROLE_IGNORE;
  if (name_has (column->name, status_words))
    return PR_COLUMN_ROLE_STATUS;
  if (name_has (column->name, unit_words) || g_ascii_strcasecmp (column->name, "unit") == 0 ||
      g_str_has_suffix (column->name, "_unit"))
    return PR_COLUMN_ROLE_UNIT;
  *category = name_has (column->name, category_words);
  return PR_COLUMN_ROLE_IGNORE;
}
