/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The case rules (pr-case-rules.c) against hand-computed days: each
 * period's last day and the day after it, in natural and in working days
 * (2026-03-02 is a Monday), with holidays and make-up working days; the
 * state words and their synonyms; rules files, good and bad.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "pr-case-rules.h"
#include "pr-date.h"

static gint64
at (const char *text)
{
  gint64 seconds;

  g_assert_true (pr_date_parse (text, &seconds));
  return seconds;
}

static char *
day_text (gint64 seconds)
{
  return seconds == PR_DATE_NONE ? g_strdup ("none") : pr_date_format_day (seconds);
}

/* The disposition of a repeat on @date of a case in @state received on
 * @received and accepted on @accepted (NULL: not known), and its due day. */
static PrDisposition
dispose (const PrCaseRules *rules,
         PrCaseState        state,
         const char        *received,
         const char        *accepted,
         const char        *date,
         char             **out_due)
{
  gint64 due;
  PrDisposition disposition = pr_case_rules_dispose (rules, state, received != NULL ? at (received) : PR_DATE_NONE,
                                                     accepted != NULL ? at (accepted) : PR_DATE_NONE,
                                                     date != NULL ? at (date) : PR_DATE_NONE, &due);

  if (out_due != NULL)
    *out_due = day_text (due);
  return disposition;
}

static void
assert_dispose (const PrCaseRules *rules,
                PrCaseState        state,
                const char        *received,
                const char        *accepted,
                const char        *date,
                PrDisposition      expected,
                const char        *expected_due)
{
  g_autofree char *due = NULL;
  PrDisposition got = dispose (rules, state, received, accepted, date, &due);

  if (got != expected)
    g_error ("state %s, received %s, accepted %s, repeat %s: %s, expected %s", pr_case_state_to_string (state),
             received, accepted, date, pr_disposition_to_string (got), pr_disposition_to_string (expected));
  g_assert_cmpstr (due, ==, expected_due);
}

static void
test_handling_natural (void)
{
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();

  /* Accepted 2026-03-02: 60 days end on 2026-05-01 (29 left in March, 30
   * in April, 1 in May); with the 30 days' extension, on 2026-05-31. */
  assert_dispose (rules, PR_CASE_STATE_HANDLING, "2026-02-20", "2026-03-02 16:30", "2026-03-02 08:00",
                  PR_DISPOSITION_REMIND, "2026-05-01");
  assert_dispose (rules, PR_CASE_STATE_HANDLING, "2026-02-20", "2026-03-02", "2026-05-01 23:59:59",
                  PR_DISPOSITION_REMIND, "2026-05-01");
  assert_dispose (rules, PR_CASE_STATE_HANDLING, "2026-02-20", "2026-03-02", "2026-05-02",
                  PR_DISPOSITION_REMIND, "2026-05-01");
  assert_dispose (rules, PR_CASE_STATE_HANDLING, "2026-02-20", "2026-03-02 23:59", "2026-05-31 23:59",
                  PR_DISPOSITION_REMIND, "2026-05-01");
  assert_dispose (rules, PR_CASE_STATE_HANDLING, "2026-02-20", "2026-03-02", "2026-06-01 00:00",
                  PR_DISPOSITION_OVERDUE, "2026-05-01");
  /* A repeat written before the acceptance is of an open case too. */
  assert_dispose (rules, PR_CASE_STATE_HANDLING, "2026-02-20", "2026-03-02", "2026-02-25",
                  PR_DISPOSITION_REMIND, "2026-05-01");
  /* Without the day it was accepted, an open case is reminded, never
   * called overdue: the period cannot be told. */
  assert_dispose (rules, PR_CASE_STATE_HANDLING, "2026-02-20", NULL, "2030-01-01",
                  PR_DISPOSITION_REMIND, "none");
  /* Nor without the repeat's date. */
  assert_dispose (rules, PR_CASE_STATE_HANDLING, "2026-02-20", "2026-03-02", NULL, PR_DISPOSITION_REMIND, "2026-05-01");
  /* Across a leap day: 2028-02-01 + 60 = 2028-04-01. */
  assert_dispose (rules, PR_CASE_STATE_HANDLING, NULL, "2028-02-01", "2028-05-01", PR_DISPOSITION_REMIND, "2028-04-01");
  assert_dispose (rules, PR_CASE_STATE_HANDLING, NULL, "2028-02-01", "2028-05-02", PR_DISPOSITION_OVERDUE, "2028-04-01");
}

static void
test_other_steps_natural (void)
{
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();

  /* Received 2026-03-02: acceptance decided by 2026-03-17. */
  assert_dispose (rules, PR_CASE_STATE_RECEIVED, "2026-03-02 10:00", NULL, "2026-03-17 18:00",
                  PR_DISPOSITION_REMIND, "2026-03-17");
  assert_dispose (rules, PR_CASE_STATE_RECEIVED, "2026-03-02 10:00", NULL, "2026-03-18",
                  PR_DISPOSITION_OVERDUE, "2026-03-17");
  /* A review accepted 2026-03-02 is decided by 2026-04-01 (30 days). */
  assert_dispose (rules, PR_CASE_STATE_REVIEW, "2026-01-05", "2026-03-02", "2026-04-01",
                  PR_DISPOSITION_REMIND, "2026-04-01");
  assert_dispose (rules, PR_CASE_STATE_REVIEW, "2026-01-05", "2026-03-02", "2026-04-02",
                  PR_DISPOSITION_OVERDUE, "2026-04-01");
  /* A final review accepted 2026-12-15 is decided by 2027-01-14. */
  assert_dispose (rules, PR_CASE_STATE_FINAL_REVIEW, "2026-01-05", "2026-12-15", "2027-01-14",
                  PR_DISPOSITION_REMIND, "2027-01-14");
  assert_dispose (rules, PR_CASE_STATE_FINAL_REVIEW, "2026-01-05", "2026-12-15", "2027-01-15",
                  PR_DISPOSITION_OVERDUE, "2027-01-14");
  /* Concluded by final review: not accepted again, however late. */
  assert_dispose (rules, PR_CASE_STATE_FINAL, "2020-01-05", "2020-01-10", "2026-04-02", PR_DISPOSITION_NOT_AGAIN, "none");
  assert_dispose (rules, PR_CASE_STATE_CONCLUDED, "2026-01-05", "2026-01-10", "2026-01-20", PR_DISPOSITION_NEW_CASE, "none");
  assert_dispose (rules, PR_CASE_STATE_NOT_ACCEPTED, "2026-01-05", NULL, "2026-01-06", PR_DISPOSITION_NEW_CASE, "none");
  assert_dispose (rules, PR_CASE_STATE_UNKNOWN, "2026-01-05", "2026-01-10", "2026-01-20", PR_DISPOSITION_NONE, "none");
}

static void
test_working_days (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_from_data ("[calendar]\ndays = working\n", "test", &error);
  g_autoptr(PrCaseRules) short_rules = NULL;
  g_autoptr(PrCaseRules) holiday_rules = NULL;
  g_autoptr(PrCaseRules) makeup_rules = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (pr_case_rules_get_days (rules), ==, PR_CASE_DAYS_WORKING);
  /* 2026-03-02 is a Monday; 2026-03-07 and 08 a weekend. */
  g_assert_true (pr_case_rules_is_working_day (rules, pr_case_day_of (at ("2026-03-06"))));
  g_assert_false (pr_case_rules_is_working_day (rules, pr_case_day_of (at ("2026-03-07"))));
  g_assert_false (pr_case_rules_is_working_day (rules, pr_case_day_of (at ("2026-03-08"))));
  g_assert_true (pr_case_rules_is_working_day (rules, pr_case_day_of (at ("2026-03-09"))));
  /* Received Friday 2026-03-06: 15 working days are 9–13, 16–20, 23–27 March. */
  assert_dispose (rules, PR_CASE_STATE_RECEIVED, "2026-03-06", NULL, "2026-03-27", PR_DISPOSITION_REMIND, "2026-03-27");
  assert_dispose (rules, PR_CASE_STATE_RECEIVED, "2026-03-06", NULL, "2026-03-28", PR_DISPOSITION_OVERDUE, "2026-03-27");

  /* Handling of 5 working days, no extension: from Monday 2026-03-02,
   * Tuesday to Friday and the next Monday. */
  short_rules = pr_case_rules_new_from_data ("[calendar]\ndays = working\n[periods]\nhandling = 5\nextension = 0\n",
                                             "test", &error);
  g_assert_no_error (error);
  assert_dispose (short_rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-03-09", PR_DISPOSITION_REMIND, "2026-03-09");
  assert_dispose (short_rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-03-10", PR_DISPOSITION_OVERDUE, "2026-03-09");
  /* From a Saturday: the Monday is the first day. */
  assert_dispose (short_rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-07", "2026-03-13", PR_DISPOSITION_REMIND, "2026-03-13");
  assert_dispose (short_rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-07", "2026-03-14", PR_DISPOSITION_OVERDUE, "2026-03-13");

  /* Wednesday 2026-03-04 a holiday: the fifth working day is Tuesday 10th. */
  holiday_rules = pr_case_rules_new_from_data ("[calendar]\ndays = working\nholidays = 2026-03-04\n"
                                               "[periods]\nhandling = 5\nextension = 0\n", "test", &error);
  g_assert_no_error (error);
  assert_dispose (holiday_rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-03-10", PR_DISPOSITION_REMIND, "2026-03-10");
  assert_dispose (holiday_rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-03-11", PR_DISPOSITION_OVERDUE, "2026-03-10");

  /* And Saturday 7th a make-up working day (调休): Monday 9th again. */
  makeup_rules = pr_case_rules_new_from_data ("[calendar]\ndays = working\nholidays = 2026-03-04;\n"
                                              "workdays = 2026-03-07\n[periods]\nhandling = 5\nextension = 0\n",
                                              "test", &error);
  g_assert_no_error (error);
  assert_dispose (makeup_rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-03-09", PR_DISPOSITION_REMIND, "2026-03-09");
  assert_dispose (makeup_rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-03-10", PR_DISPOSITION_OVERDUE, "2026-03-09");
}

static void
test_periods_from_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_from_data (
    "# a province's own rules\n[periods]\nhandling = 30\nextension = 0\nacceptance=0\n"
    "[kinds]\nsame-person-days = 30\nmulti-send-days = 0\n", "test", &error);

  g_assert_no_error (error);
  /* Accepted 2026-03-02 + 30 = 2026-04-01, no extension. */
  assert_dispose (rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-04-01", PR_DISPOSITION_REMIND, "2026-04-01");
  assert_dispose (rules, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-04-02", PR_DISPOSITION_OVERDUE, "2026-04-01");
  /* 0 days to accept: overdue from the next day on. */
  assert_dispose (rules, PR_CASE_STATE_RECEIVED, "2026-03-02 09:00", NULL, "2026-03-02 17:00", PR_DISPOSITION_REMIND, "2026-03-02");
  assert_dispose (rules, PR_CASE_STATE_RECEIVED, "2026-03-02 09:00", NULL, "2026-03-03", PR_DISPOSITION_OVERDUE, "2026-03-02");
  /* Not given: the default. */
  assert_dispose (rules, PR_CASE_STATE_REVIEW, NULL, "2026-03-02", "2026-04-01", PR_DISPOSITION_REMIND, "2026-04-01");
  g_assert_cmpuint (pr_case_rules_get_same_person_days (rules), ==, 30);
  g_assert_cmpuint (pr_case_rules_get_multi_send_days (rules), ==, 0);
  g_assert_cmpint (pr_case_rules_get_days (rules), ==, PR_CASE_DAYS_NATURAL);
}

static void
test_defaults (void)
{
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autoptr(PrCaseRules) empty = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (pr_case_rules_get_same_person_days (rules), ==, 90);
  g_assert_cmpuint (pr_case_rules_get_multi_send_days (rules), ==, 3);
  g_assert_cmpint (pr_case_rules_get_days (rules), ==, PR_CASE_DAYS_NATURAL);
  /* An empty file is the defaults. */
  empty = pr_case_rules_new_from_data ("", "empty", &error);
  g_assert_no_error (error);
  assert_dispose (empty, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-05-31", PR_DISPOSITION_REMIND, "2026-05-01");
  assert_dispose (empty, PR_CASE_STATE_HANDLING, NULL, "2026-03-02", "2026-06-01", PR_DISPOSITION_OVERDUE, "2026-05-01");
  g_assert_cmpint (pr_case_rules_state_of (empty, "办理中"), ==, PR_CASE_STATE_HANDLING);
}

static void
test_synonyms (void)
{
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  static const struct { const char *text; PrCaseState state; } cases[] = {
    { "受理", PR_CASE_STATE_HANDLING },
    { "已受理", PR_CASE_STATE_HANDLING },
    { " 办理中 ", PR_CASE_STATE_HANDLING },
    { "正在办理", PR_CASE_STATE_HANDLING },
    { "办\u3000理\u200b中", PR_CASE_STATE_HANDLING },   /* an ideographic space, a zero-width one */
    { "转办", PR_CASE_STATE_HANDLING },
    { "办结", PR_CASE_STATE_CONCLUDED },
    { "已办结", PR_CASE_STATE_CONCLUDED },
    { "复查办结", PR_CASE_STATE_CONCLUDED },
    { "复查", PR_CASE_STATE_REVIEW },
    { "复查中", PR_CASE_STATE_REVIEW },
    { "复核中", PR_CASE_STATE_FINAL_REVIEW },
    { "复核", PR_CASE_STATE_FINAL },
    { "复核办结", PR_CASE_STATE_FINAL },
    { "不再受理", PR_CASE_STATE_FINAL },
    { "不予受理", PR_CASE_STATE_NOT_ACCEPTED },
    { "待受理", PR_CASE_STATE_RECEIVED },
    { "登记", PR_CASE_STATE_RECEIVED },
    { "", PR_CASE_STATE_UNKNOWN },
    { "  ", PR_CASE_STATE_UNKNOWN },
    { "在途", PR_CASE_STATE_UNKNOWN },
    { "办理", PR_CASE_STATE_UNKNOWN },   /* a word is matched whole, not by its start */
    { "\xff\xfe", PR_CASE_STATE_UNKNOWN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PrCaseState got = pr_case_rules_state_of (rules, cases[i].text);

      if (got != cases[i].state)
        g_error ("“%s”: %s, expected %s", cases[i].text, pr_case_state_to_string (got),
                 pr_case_state_to_string (cases[i].state));
    }
  g_assert_cmpint (pr_case_rules_state_of (rules, NULL), ==, PR_CASE_STATE_UNKNOWN);
}

static void
test_synonyms_from_file (void)
{
  g_autoptr(GError) error = NULL;
  /* A state's list replaces that state's defaults; other states keep theirs;
   * a full-width word in the file matches its half-width form. */
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_from_data (
    "[states]\nhandling = 在办;督办 ;ＯＰＥＮ\nfinal = 终结\n", "test", &error);

  g_assert_no_error (error);
  g_assert_cmpint (pr_case_rules_state_of (rules, "督办"), ==, PR_CASE_STATE_HANDLING);
  g_assert_cmpint (pr_case_rules_state_of (rules, "open"), ==, PR_CASE_STATE_HANDLING);
  g_assert_cmpint (pr_case_rules_state_of (rules, "办理中"), ==, PR_CASE_STATE_UNKNOWN);
  g_assert_cmpint (pr_case_rules_state_of (rules, "终结"), ==, PR_CASE_STATE_FINAL);
  g_assert_cmpint (pr_case_rules_state_of (rules, "复核"), ==, PR_CASE_STATE_UNKNOWN);
  g_assert_cmpint (pr_case_rules_state_of (rules, "办结"), ==, PR_CASE_STATE_CONCLUDED);
}

static void
test_bad_files (void)
{
  static const struct { const char *data; const char *message; } cases[] = {
    { "[periods]\nhandling = -1\n", "test: [periods] handling must be a whole number of days from 0 to 3650, not “-1”" },
    { "[periods]\nhandling = 60天\n", "not “60天”" },
    { "[periods]\nhandling = 3651\n", "not “3651”" },
    { "[periods]\nhandling =\n", "not “”" },
    { "[kinds]\nsame-person-days = 1e3\n", "[kinds] same-person-days must be" },
    { "[periods]\nhandeling = 60\n", "unknown key “handeling” in [periods]" },
    { "[period]\nhandling = 60\n", "unknown group [period]" },
    { "[states]\nclosed = 关闭\n", "unknown key “closed” in [states]" },
    { "[states]\nhandling = 办结\n", "the state word “办结” is listed under both" },
    { "[calendar]\ndays = weekdays\n", "days must be “natural” or “working”, not “weekdays”" },
    { "[calendar]\nholidays = 2026-10-01;2026-10-32\n", "“2026-10-32” is not a day written as YYYY-MM-DD" },
    { "[calendar]\nworkdays = 2026/9/27\n", "“2026/9/27” is not a day" },
    { "[calendar]\nholidays = 2026-10-01 08:00\n", "is not a day" },
    { "handling = 60\n", "test is not a rules file" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrCaseRules) rules = pr_case_rules_new_from_data (cases[i].data, "test", &error);

      g_assert_null (rules);
      g_assert_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("“%s”: “%s” does not say “%s”", cases[i].data, error->message, cases[i].message);
    }
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_from_file ("/nonexistent/rules.ini", &error);

  g_assert_null (rules);
  g_assert_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "cannot read the rules file"));
}

/* The manual's RULES FILE example is the defaults: read as a rules file,
 * it gives every state word and period the defaults give. */
static void
test_manual_example (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "petition-review-cli.1", NULL);
  g_autofree char *page = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) example = NULL;
  g_autoptr(PrCaseRules) rules = NULL;
  g_autoptr(PrCaseRules) defaults = pr_case_rules_new_default ();
  g_autoptr(GKeyFile) file = g_key_file_new ();
  const char *start, *end;
  g_auto(GStrv) keys = NULL;

  g_assert_true (g_file_get_contents (path, &page, NULL, &error));
  start = strstr (page, ".SH RULES FILE");
  g_assert_nonnull (start);
  start = strstr (start, ".nf\n") + strlen (".nf\n");
  end = strstr (start, ".fi\n");
  example = g_string_new_len (start, end - start);
  g_string_replace (example, "\\-", "-", 0);
  /* The page is ASCII: its Chinese words are written \[uXXXX]. */
  for (char *at; (at = strstr (example->str, "\\[u")) != NULL;)
    {
      char utf8[8];
      gsize offset = at - example->str;
      gunichar c = (gunichar) g_ascii_strtoull (at + 3, NULL, 16);

      g_assert_cmpint (at[7], ==, ']');
      g_string_erase (example, offset, 8);
      g_string_insert_len (example, offset, utf8, g_unichar_to_utf8 (c, utf8));
    }
  rules = pr_case_rules_new_from_data (example->str, "the manual", &error);
  g_assert_no_error (error);

  g_assert_true (g_key_file_load_from_data (file, example->str, -1, G_KEY_FILE_NONE, &error));
  keys = g_key_file_get_keys (file, "states", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (keys), ==, PR_CASE_N_STATES - 1);
  for (guint k = 0; keys[k] != NULL; k++)
    {
      g_auto(GStrv) words = g_key_file_get_string_list (file, "states", keys[k], NULL, &error);

      g_assert_no_error (error);
      for (guint w = 0; words[w] != NULL; w++)
        {
          g_assert_cmpstr (pr_case_state_to_string (pr_case_rules_state_of (defaults, words[w])), ==, keys[k]);
          g_assert_cmpstr (pr_case_state_to_string (pr_case_rules_state_of (rules, words[w])), ==, keys[k]);
        }
    }
  /* The periods: each step's last day, and the kinds' windows. */
  for (PrCaseState state = PR_CASE_STATE_RECEIVED; state < PR_CASE_N_STATES; state++)
    {
      g_autofree char *due = NULL, *default_due = NULL;

      g_assert_cmpint (dispose (rules, state, "2026-03-02", "2026-03-02", "2026-05-31", &due), ==,
                       dispose (defaults, state, "2026-03-02", "2026-03-02", "2026-05-31", &default_due));
      g_assert_cmpstr (due, ==, default_due);
    }
  g_assert_cmpuint (pr_case_rules_get_same_person_days (rules), ==, pr_case_rules_get_same_person_days (defaults));
  g_assert_cmpuint (pr_case_rules_get_multi_send_days (rules), ==, pr_case_rules_get_multi_send_days (defaults));
  g_assert_cmpint (pr_case_rules_get_days (rules), ==, pr_case_rules_get_days (defaults));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/case-rules/handling-natural", test_handling_natural);
  g_test_add_func ("/engine/case-rules/other-steps-natural", test_other_steps_natural);
  g_test_add_func ("/engine/case-rules/working-days", test_working_days);
  g_test_add_func ("/engine/case-rules/periods-from-file", test_periods_from_file);
  g_test_add_func ("/engine/case-rules/defaults", test_defaults);
  g_test_add_func ("/engine/case-rules/synonyms", test_synonyms);
  g_test_add_func ("/engine/case-rules/synonyms-from-file", test_synonyms_from_file);
  g_test_add_func ("/engine/case-rules/bad-files", test_bad_files);
  g_test_add_func ("/engine/case-rules/missing-file", test_missing_file);
  g_test_add_func ("/engine/case-rules/manual-example", test_manual_example);
  return g_test_run ();
}
