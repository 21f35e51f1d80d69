/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-connection.h"
#include "pr-mapping.h"
#include "pr-test-util.h"
#include "pr-window.h"

G_BEGIN_DECLS

GtkWidget *pr_test_find_widget      (GtkWidget  *widget,
                                     GType       type,
                                     const char *name);
gboolean   pr_test_list_settled     (gpointer    column_view);
GtkWidget *pr_test_find_in_toplevels (GType      type,
                                      const char *name);
char      *pr_test_unnamed_controls (GtkWidget  *widget);
void       pr_test_collect_label_texts (GtkWidget *widget,
                                        GPtrArray *texts);

/* The ui test's shared parts (pr-test-ui.c): the server, waiting,
 * connecting the window, the planted petitions. */
extern const PrConnectionParams *pr_test_ui_admin;

void pr_test_assert_controls_named (GtkWidget *widget);
gboolean pr_test_can_redo (gpointer data);
gboolean pr_test_can_undo (gpointer data);
void pr_test_close_and_finalize (PrWindow *window);
PrClusterItem * pr_test_cluster_with (GListModel *clusters, const char *id);
gboolean pr_test_columns_listed (gpointer data);
void pr_test_connect_window (PrWindow *window, PrConnectionParams *params, const char *database);
guint64 pr_test_count_rows (PrConnection *root, const char *sql);
void pr_test_fill_table (PrConnection *root);
void pr_test_fill_write_back_table (PrConnection *root, const char *database, const char *body);
extern const char *const pr_test_group_bodies[3];
gboolean pr_test_is_null (gpointer data);
gboolean pr_test_is_true (gpointer data);
guint pr_test_n_listed (GtkColumnView *view);
void pr_test_assert_listed (GtkColumnView *view, GPtrArray *expected);
gboolean pr_test_not_busy (gpointer data);
gboolean pr_test_preview_ready (gpointer data);
gboolean pr_test_last_scan_offered (gpointer data);
void pr_test_save_screenshot (GtkWidget *widget, const char *path);
void pr_test_select_cluster (PrWindow *window, GtkColumnView *view, guint number);
void pr_test_wait_frames (GtkWidget *widget, guint n);
char *pr_test_focused_row_number (PrWindow *window);
gboolean pr_test_press_shortcut (GtkWindow *window, guint keyval, GdkModifierType modifiers);
void pr_test_next_case (PrWindow *window);
void pr_test_click_card (GtkWidget *root, const char *id);
PrClusterItem *pr_test_case_of_at_least (GtkColumnView *list, guint n);
void pr_test_add_next_difference_action (GtkWidget *window);
PrMapping *pr_test_compare_mapping (void);
void pr_test_compare_add (PrClusterItem *item,
                          GPtrArray     *records,
                          const char    *id,
                          const char    *body,
                          const char    *petitioner,
                          guint          distance);
void pr_test_scan (PrWindow *window);
PrWindow *pr_test_scanned_window (PrConnection *root);
GtkColumnView *pr_test_scan_first_case (PrWindow *window, PrConnectionParams *params, const char *database);
void pr_test_ui_use_locale (const char *localedir);
gboolean pr_test_ui_init (int *argc, char ***argv);

/* The tests, one file per page of the window (test-ui-*.c); main() is in
 * test-ui.c. */
void test_review             (void);
void test_threshold_preview  (void);
void test_chains             (void);
void test_others_decisions   (void);
void test_case_numbers       (void);
void test_connection_lost    (void);
void test_profiles           (void);
void test_profiles_kept      (void);
void test_about              (void);
void test_password_nowhere   (void);
void test_no_stable_id       (void);
void test_write_back         (void);
void test_guide_grants       (void);
void test_column_encoding    (void);
void test_forced_encoding    (void);
void test_date_order         (void);
void test_weight_follows_role (void);
void test_tour               (void);
void test_sort_then_close    (void);
void test_failed_connection  (void);
void test_paced_list         (void);
void test_sort_order         (void);
void test_next_unreviewed_pending (void);
void test_click_after_next_unreviewed (void);
void test_show_record_pending (void);
void test_show_record_overridden (void);
void test_next_unreviewed_wraps (void);
void test_split_kinds        (void);
void test_regroup_judged     (void);
void test_figures_follow     (void);
void test_filters_combined      (void);
void test_search_and_dates      (void);
void test_empty_says_why        (void);
void test_risk_order            (void);
void test_export_follows_filter (void);
void test_export_at_click (void);
void test_search_settles (void);
void test_export_sliced (void);
void test_export_dialog         (void);
void test_history_notes             (void);

G_END_DECLS
