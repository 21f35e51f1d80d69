/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The intake check's page: after a scan, a record of the table checked by
 * its id (win.intake-record, as the compare view offers it) lists the
 * other records of its planted group (the same body, so at distance 0 by
 * any fingerprint) and not itself; a petition typed in the fields lists
 * the group whose body it is, and nothing else; an earlier record's
 * petitioner's timeline lists that petitioner's records by date; the
 * record checked by id is logged a repeat of its case from the page; a
 * store whose last scan kept no index of the passages is said so under
 * the answer; a record added and scanned after a check is found by the
 * next one.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-intake-page.h"
#include "pr-mapping-page.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static PrIntakePage *
find_intake_page (void)
{
  return (PrIntakePage *) pr_test_find_in_toplevels (PR_TYPE_INTAKE_PAGE, NULL);
}

static gboolean
answered (gpointer data)
{
  GtkWidget *label = pr_test_find_widget (data, GTK_TYPE_LABEL, "intake-status");
  const char *text = gtk_label_get_text (GTK_LABEL (label));

  return *text != '\0' && strcmp (text, "Checking…") != 0;
}

static gboolean
timeline_filled (gpointer data)
{
  GtkWidget *records = pr_test_find_widget (data, GTK_TYPE_BOX, "timeline-records");
  const char *heading = gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (data)));

  return gtk_widget_get_first_child (records) != NULL || g_str_has_prefix (heading, "No ") ||
         g_str_has_prefix (heading, "Record ") || g_str_has_prefix (heading, "Scan ");
}

/* The answer's rows' texts, each on a line. */
static char *
answer_text (PrIntakePage *page)
{
  GtkWidget *list = pr_test_find_widget (GTK_WIDGET (page), GTK_TYPE_LIST_BOX, "intake-answer");
  GString *text = g_string_new (NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));

      g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (box))));
    }
  return g_string_free (text, FALSE);
}

/* Types @text into the field named @name: an entry, or a text view for a text column. */
static void
set_field (PrIntakePage *page,
           const char   *name,
           const char   *text)
{
  GtkWidget *field = pr_test_find_widget (GTK_WIDGET (page), GTK_TYPE_WIDGET, name);

  g_assert_nonnull (field);
  if (GTK_IS_EDITABLE (field))
    gtk_editable_set_text (GTK_EDITABLE (field), text);
  else
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (field)), text, -1);
}

/* Types a petition into the page's fields and checks it: the answer's text. */
static char *
check_typed (PrIntakePage *page,
             const char   *petitioner,
             const char   *subject,
             const char   *submitted_at,
             const char   *body)
{
  GtkWidget *status = pr_test_find_widget (GTK_WIDGET (page), GTK_TYPE_LABEL, "intake-status");

  set_field (page, "intake-field-petitioner", petitioner);
  set_field (page, "intake-field-subject", subject);
  set_field (page, "intake-field-submitted_at", submitted_at);
  set_field (page, "intake-field-body", body);
  gtk_label_set_text (GTK_LABEL (status), "");
  g_signal_emit_by_name (pr_test_find_widget (GTK_WIDGET (page), GTK_TYPE_BUTTON, "intake-check"), "clicked");
  pr_test_wait_until (answered, page);
  return answer_text (page);
}

static void
test_intake_page (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *by_id = NULL, *typed = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrIntakePage *page;
  GtkWidget *status;

  pr_test_execute (root, "CREATE DATABASE intake_ui");
  pr_test_execute (root, "CREATE TABLE intake_ui.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                         "subject VARCHAR(200), submitted_at DATETIME, body TEXT)");
  for (guint g = 0; g < 2; g++)
    for (guint r = 0; r < 3; r++)
      {
        g_autofree char *insert = g_strdup_printf ("INSERT INTO intake_ui.petitions VALUES (%u, '居民%u', "
                                                   "'关于问题%u的反映', '2026-0%u-1%u 09:00:00', '%s')",
                                                   100 * (g + 1) + r, g, g, g + 1, r, pr_test_group_bodies[g]);

        pr_test_execute (root, insert);
      }
  pr_test_execute (root, "INSERT INTO intake_ui.petitions VALUES (900, '居民9', '关于别的', '2026-05-01 09:00:00', "
                         "'医保报销比例调整，退休职工门诊慢性病药费负担太重，请求提高报销比例。')");

  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "intake_ui");
  /* Not before a scan: the store has nothing to check against. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "intake"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));

  /* A record by its id: the others of its group, not itself. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.intake-record", "s", "101"));
  page = find_intake_page ();
  g_assert_nonnull (page);
  pr_test_wait_until (answered, page);
  status = pr_test_find_widget (GTK_WIDGET (page), GTK_TYPE_LABEL, "intake-status");
  g_test_message ("%s", gtk_label_get_text (GTK_LABEL (status)));
  by_id = answer_text (page);
  g_test_message ("%s", by_id);
  /* The case the store holds the record in, first. */
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (status)),
                                   "Already in case 1 (primary record 100). 2 earlier records"));
  /* The window's scan keeps no index of the passages unless asked
   * (scan --index-passages): the page says how the first check reads. */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (status)), "reads every stored record's passages"));
  g_assert_nonnull (strstr (by_id, "Record 100,"));
  g_assert_nonnull (strstr (by_id, "Record 102,"));
  g_assert_null (strstr (by_id, "Record 101,"));
  g_assert_null (strstr (by_id, "Record 2"));

  /* The verdict: record 101, in record 100's case, logged a repeat of it. */
  {
    GtkWidget *repeat = pr_test_find_widget (GTK_WIDGET (page), GTK_TYPE_BUTTON, "intake-repeat-100");
    PrClusterItem *item = pr_session_find_cluster (pr_window_get_session (window), "101");

    g_assert_nonnull (repeat);
    g_assert_nonnull (item);
    g_assert_cmpint (pr_cluster_item_get_member (item, pr_cluster_item_find_member (item, "101"))->state, ==,
                     PR_MEMBER_UNDECIDED);
    g_signal_emit_by_name (repeat, "clicked");
    pr_test_wait_until (pr_test_can_undo, window);
    pr_test_wait_until (pr_test_not_busy, window);
    item = pr_session_find_cluster (pr_window_get_session (window), "101");
    g_assert_cmpint (pr_cluster_item_get_member (item, pr_cluster_item_find_member (item, "101"))->state, ==,
                     PR_MEMBER_REPEAT);
  }

  /* Record 100's petitioner's timeline: the first group's three records
   * (the same petitioner id), by date, and none of the second. */
  {
    GtkWidget *button = pr_test_find_widget (GTK_WIDGET (page), GTK_TYPE_MENU_BUTTON, "intake-timeline-100");
    GtkWidget *timeline, *records;
    g_autoptr(GString) lines = g_string_new (NULL);

    g_assert_nonnull (button);
    gtk_menu_button_popup (GTK_MENU_BUTTON (button));
    timeline = gtk_popover_get_child (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
    pr_test_wait_until (timeline_filled, timeline);
    records = pr_test_find_widget (timeline, GTK_TYPE_BOX, "timeline-records");
    for (GtkWidget *line = gtk_widget_get_first_child (records); line != NULL; line = gtk_widget_get_next_sibling (line))
      g_string_append_printf (lines, "%s\n", gtk_label_get_text (GTK_LABEL (line)));
    g_test_message ("%s", lines->str);
    g_assert_true (g_str_has_prefix (lines->str, "2026-01-10 · record 100 · case 1 · this record\n"
                                                 "2026-01-11 · record 101 · case 1 · the same petitioner id\n"
                                                 "2026-01-12 · record 102 · case 1 · the same petitioner id\n"));
    g_assert_cmpuint (strlen (lines->str), ==, strlen ("2026-01-10 · record 100 · case 1 · this record\n"
                                                      "2026-01-11 · record 101 · case 1 · the same petitioner id\n"
                                                      "2026-01-12 · record 102 · case 1 · the same petitioner id\n"));
    gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  }

  /* Typed: the second group's petition, word for word as record 200. */
  typed = check_typed (page, "居民1", "关于问题1的反映", "2026-06-01 09:00:00", pr_test_group_bodies[1]);
  g_test_message ("%s", typed);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (status)), "3 earlier records"));
  g_assert_true (g_str_has_prefix (typed, "Record 200, distance 0"));
  g_assert_nonnull (strstr (by_id, "Record 100, distance 0"));
  g_assert_nonnull (strstr (typed, "Record 201,"));
  g_assert_nonnull (strstr (typed, "Record 202,"));
  g_assert_null (strstr (typed, "Record 1"));
  g_assert_null (strstr (typed, "Record 900"));
  pr_test_assert_controls_named (GTK_WIDGET (page));

  /* A record added and scanned since the checks above: the next check
   * answers with the new scan's fingerprints, not those it held. */
  {
    g_autofree char *insert = g_strdup_printf ("INSERT INTO intake_ui.petitions VALUES (103, '居民0', "
                                               "'关于问题0的反映', '2026-01-13 09:00:00', '%s')",
                                               pr_test_group_bodies[0]);
    g_autofree char *after = NULL;

    pr_test_execute (root, insert);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
    pr_test_wait_until (pr_test_not_busy, window);
    g_assert_null (pr_window_get_error_text (window));
    after = check_typed (page, "居民0", "关于问题0的反映", "2026-06-01 09:00:00", pr_test_group_bodies[0]);
    g_test_message ("%s", after);
    g_assert_nonnull (strstr (after, "Record 100,"));
    g_assert_nonnull (strstr (after, "Record 103,"));
  }

  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page))));
  pr_test_close_and_finalize (window);
}

/* The mapping page offers the case's roles, guessed from the columns'
 * names (a community column is no receiving unit), and the intake answer
 * then tells the earlier case's state and what the rules say to do: a
 * repeat of a case being handled, accepted 2026-01-05, is to be reminded
 * until 60 days later (docs/petition-rules.md). */
static void
test_case_roles (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *answer = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrIntakePage *page;
  GtkWidget *mapping_page;
  const char *status;
  const struct { const char *name; PrColumnRole role; gboolean category; } expected[] = {
    { "id", PR_COLUMN_ROLE_ID, FALSE },
    { "petitioner", PR_COLUMN_ROLE_SHORT, FALSE },
    { "category", PR_COLUMN_ROLE_SHORT, TRUE },
    /* Left out by the first guess (its name has "unit"), and not made the unit. */
    { "community", PR_COLUMN_ROLE_IGNORE, FALSE },
    { "receiving_unit", PR_COLUMN_ROLE_UNIT, FALSE },
    { "status", PR_COLUMN_ROLE_STATUS, FALSE },
    { "submitted_at", PR_COLUMN_ROLE_DATE, FALSE },
    { "accepted_at", PR_COLUMN_ROLE_ACCEPTED, FALSE },
    { "body", PR_COLUMN_ROLE_TEXT, FALSE },
  };

  pr_test_execute (root, "CREATE DATABASE intake_roles");
  pr_test_execute (root, "CREATE TABLE intake_roles.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                         "category VARCHAR(32), community VARCHAR(32), receiving_unit VARCHAR(32), "
                         "status VARCHAR(16), submitted_at DATETIME, accepted_at DATE, body TEXT)");
  pr_test_execute (root, "INSERT INTO intake_roles.petitions VALUES "
                         "(1, '居民7', '城建', '东城社区', '市信访局', '办理中', '2026-01-04 09:00:00', '2026-01-05', "
                         "'小区物业长期不维修电梯，老人上下楼非常困难，多次反映没有结果，请有关部门督促物业尽快维修更换电梯。'), "
                         "(2, '居民7', '城建', '东城社区', '市信访局', NULL, '2026-02-01 09:00:00', NULL, "
                         "'小区物业长期不维修电梯，老人上下楼非常困难，多次反映没有结果，请有关部门督促物业尽快维修更换电梯。'), "
                         "(3, '居民8', '医保', '西城社区', '市信访局', '办结', '2026-01-20 09:00:00', '2026-01-21', "
                         "'医保报销比例调整，退休职工门诊慢性病药费负担太重，请求提高报销比例。')");
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "intake_roles");
  mapping_page = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_MAPPING_PAGE, NULL);
  mapping = pr_mapping_page_make_mapping (PR_MAPPING_PAGE (mapping_page), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      int c = -1;

      for (guint m = 0; m < pr_mapping_get_n_columns (mapping); m++)
        if (g_str_equal (pr_mapping_get_column (mapping, m)->name, expected[i].name))
          c = m;
      g_test_message ("%s", expected[i].name);
      if (expected[i].role == PR_COLUMN_ROLE_IGNORE)
        {
          g_assert_cmpint (c, <, 0);
          continue;
        }
      g_assert_cmpint (c, >=, 0);
      g_assert_cmpint (pr_mapping_get_column (mapping, c)->role, ==, expected[i].role);
      g_assert_cmpint (pr_mapping_get_column (mapping, c)->category, ==, expected[i].category);
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  /* As a store whose last scan kept no index of the passages: the check
   * reads them all, and the page says so. */
  pr_test_execute (root, "UPDATE intake_roles.pr_scans SET passages_stored = 0");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.intake-record", "s", "2"));
  page = find_intake_page ();
  pr_test_wait_until (answered, page);
  status = gtk_label_get_text (GTK_LABEL (pr_test_find_widget (GTK_WIDGET (page), GTK_TYPE_LABEL, "intake-status")));
  g_test_message ("%s", status);
  g_assert_nonnull (strstr (status, "\nThe first check of “petitions” reads every stored record's passages"));
  answer = answer_text (page);
  g_test_message ("%s", answer);
  g_assert_cmpstr (answer, ==, "Record 1, distance 0 · case 1 (primary 1) · a repeat · the same petitioner id\n"
                               "Dated 2026-01-04 · state 办理中 · accepted 2026-01-05\n"
                               "remind the handler (the period ends 2026-03-06)\n");
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page))));
  pr_test_close_and_finalize (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/intake-page/record-and-typed", test_intake_page);
  g_test_add_func ("/app/intake-page/case-roles", test_case_roles);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
