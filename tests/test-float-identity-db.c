/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A phone or an ID number kept in a FLOAT or DOUBLE column has lost its
 * last digits on the server: FLOAT 13800138000 comes back as 13800100000,
 * another valid mobile, and an ID card number in a DOUBLE as
 * 4.1010519900101126e17. Mapped as a phone, ID card or petitioner id, the
 * column is refused, naming it, its type and what to do. Against a
 * throwaway server, which shows the lost digits itself.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("floatid", __VA_ARGS__)

#define SAME_TEXT "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'"

static void
test_refused (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  const struct {
    const char *flag;
    const char *type;
    const char *value;
    const char *as_read;   /* what the server sends back */
  } cases[] = {
    { "--phone", "FLOAT", "13800138000", "13800100000" },
    { "--phone", "FLOAT", "87654321", "87654300" },
    { "--id-card", "DOUBLE", "410105199001011264", "4.1010519900101126e17" },
    { "--petitioner", "DOUBLE", "410105199001011264", "4.1010519900101126e17" },
  };

  pr_test_execute (db, "CREATE DATABASE floatid CHARACTER SET utf8mb4");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *create = g_strdup_printf ("CREATE TABLE floatid.t%u (id VARCHAR(8) PRIMARY KEY, body TEXT, "
                                                 "who %s)", i, cases[i].type);
      g_autofree char *insert = g_strdup_printf ("INSERT INTO floatid.t%u VALUES ('A1', " SAME_TEXT ", %s), "
                                                 "('A2', " SAME_TEXT ", %s)", i, cases[i].value, cases[i].value);
      g_autofree char *select = g_strdup_printf ("SELECT who FROM floatid.t%u WHERE id = 'A1'", i);
      g_autofree char *read = NULL;
      g_autofree char *table = g_strdup_printf ("t%u", i);
      g_autofree char *expected = g_strdup_printf ("column “who” of table “%s” is of type %s", table,
                                                   cases[i].type);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_test_message ("%s %s %s", cases[i].flag, cases[i].type, cases[i].value);
      pr_test_execute (db, create);
      pr_test_execute (db, insert);
      read = pr_test_query_value (db, select);
      g_assert_cmpstr (read, ==, cases[i].as_read);

      g_assert_cmpint (RUN (&out, &err, "scan", "--db", "URI", "--table", table, "--id", "id", "--text", "body",
                            cases[i].flag, "who", NULL), ==, 1);
      g_test_message ("%s", err);
      g_assert_cmpstr (out, ==, "");
      g_assert_nonnull (strstr (err, expected));
      g_assert_nonnull (strstr (err, "lost digits"));
      g_assert_nonnull (strstr (err, "VARCHAR"));
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);

      /* Left out of the mapping, the table is read. */
      g_assert_cmpint (RUN (&out, &err, "scan", "--db", "URI", "--table", table, "--id", "id", "--text", "body",
                            NULL), ==, 0);
      g_assert_nonnull (strstr (out, "A1"));
    }
}

/* A FLOAT or DOUBLE key: the server shows 17313270 as 17313300, which
 * names no record; as the id (named or the primary key taken by default)
 * it is refused, naming another column as the way out. */
static void
test_float_key_refused (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  const char *const types[] = { "FLOAT", "DOUBLE" };

  pr_test_execute (db, "CREATE DATABASE IF NOT EXISTS floatid CHARACTER SET utf8mb4");
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autofree char *table = g_strdup_printf ("k%u", i);
      g_autofree char *create = g_strdup_printf ("CREATE TABLE floatid.%s (k %s PRIMARY KEY, code VARCHAR(8) UNIQUE, "
                                                 "body TEXT)", table, types[i]);
      g_autofree char *insert = g_strdup_printf ("INSERT INTO floatid.%s VALUES (17313270, 'C1', " SAME_TEXT "), "
                                                 "(17313271.5, 'C2', " SAME_TEXT ")", table);
      g_autofree char *select = g_strdup_printf ("SELECT k FROM floatid.%s WHERE code = 'C1'", table);
      g_autofree char *read = NULL;
      g_autofree char *expected = g_strdup_printf ("column “k” of table “%s” is of type %s", table, types[i]);

      g_test_message ("%s", types[i]);
      pr_test_execute (db, create);
      pr_test_execute (db, insert);
      read = pr_test_query_value (db, select);
      /* The oracle: the server itself shows a FLOAT's key rounded. */
      if (i == 0)
        g_assert_cmpstr (read, ==, "17313300");

      for (guint named = 0; named < 2; named++)
        {
          g_autofree char *out = NULL;
          g_autofree char *err = NULL;
          int status = named ? RUN (&out, &err, "scan", "--db", "URI", "--table", table, "--id", "k", "--text",
                                    "body", NULL)
                             : RUN (&out, &err, "scan", "--db", "URI", "--table", table, "--text", "body", NULL);

          g_test_message ("%s", err);
          g_assert_cmpint (status, ==, 1);
          g_assert_cmpstr (out, ==, "");
          g_assert_nonnull (strstr (err, expected));
          g_assert_nonnull (strstr (err, "--id"));
        }

      /* Another unique column as the id: read, and found again. */
      {
        g_autofree char *out = NULL;
        g_autofree char *err = NULL;

        g_assert_cmpint (RUN (&out, &err, "scan", "--db", "URI", "--table", table, "--id", "code", "--text", "body",
                              NULL), ==, 0);
        g_assert_nonnull (strstr (out, "C1"));
        g_clear_pointer (&out, g_free);
        g_clear_pointer (&err, g_free);
        g_assert_cmpint (RUN (&out, &err, "explain", "--db", "URI", "--table", table, "--id", "code", "--text",
                              "body", "C1", "C2", NULL), ==, 0);
        g_assert_nonnull (strstr (out, "C2"));
        g_clear_pointer (&out, g_free);
        g_clear_pointer (&err, g_free);
        /* explain by the key the server shows is refused as the scan is. */
        g_assert_cmpint (RUN (&out, &err, "explain", "--db", "URI", "--table", table, "--id", "k", "--text",
                              "body", "17313300", "17313272", NULL), ==, 1);
        g_assert_nonnull (strstr (err, expected));
      }
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/float-identity/refused", test_refused);
  g_test_add_func ("/db/float-identity/key-refused", test_float_key_refused);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
