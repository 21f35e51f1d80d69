/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The review application under a display (Xvfb, by tests/on-display) against a
 * throwaway mariadbd: the tests, one file per page of the window
 * (test-ui-start.c, test-ui-mapping.c, test-ui-review.c, test-ui-list.c,
 * test-ui-tour.c),
 * sharing pr-test-ui.c; here they are run.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pr-application.h"
#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-connect-dialog.h"
#include "pr-profiles.h"
#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"
#include "pr-tokenizer.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"
#include "pr-chain-view.h"
#include "pr-pair-graph.h"

#include "chain-rows.h"

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  /* build-aux/screenshots: the interface in the desktop's language, from
   * the build's catalogues (gtk_test_init set a fixed English locale). */
  if (g_getenv ("PR_TEST_LOCALEDIR") != NULL)
    {
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PR_TEST_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
      /* Else the "translated" screenshots would show English. */
      if (g_str_has_prefix (setlocale (LC_MESSAGES, NULL), "zh"))
        g_assert_cmpstr (_("Reviewed"), !=, "Reviewed");
    }
  /* These tests are about the clusters of the fingerprints and passages
   * alone (the threshold preview against a brute force, chains and their
   * bridges, the figures): Judge Every Pair, the default, off. It has its
   * own tests (test-ui-score.c). */
  {
    g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");

    g_settings_set_boolean (settings, "second-stage", FALSE);
  }
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/window/review", test_review);
  g_test_add_func ("/app/threshold-dialog/against-brute-force", test_threshold_preview);
  g_test_add_func ("/app/window/connection-lost", test_connection_lost);
  g_test_add_func ("/app/window/no-stable-id", test_no_stable_id);
  g_test_add_func ("/app/profiles/saved", test_profiles);
  g_test_add_func ("/app/profiles/kept-once-connected", test_profiles_kept);
  g_test_add_func ("/app/window/write-back", test_write_back);
  g_test_add_func ("/app/session/others-decisions", test_others_decisions);
  g_test_add_func ("/app/session/case-numbers", test_case_numbers);
  g_test_add_func ("/app/chain-view/split-at-bridge", test_chains);
  g_test_add_func ("/app/window/tour", test_tour);
  g_test_add_func ("/app/window/guide-grants", test_guide_grants);
  g_test_add_func ("/app/mapping-page/column-encoding", test_column_encoding);
  g_test_add_func ("/app/mapping-page/forced-encoding", test_forced_encoding);
  g_test_add_func ("/app/mapping-page/date-order", test_date_order);
  g_test_add_func ("/app/mapping-page/weight-follows-role", test_weight_follows_role);
  g_test_add_func ("/app/application/about", test_about);
  g_test_add_func ("/app/window/password-nowhere", test_password_nowhere);
  g_test_add_func ("/app/review-page/sort-then-close", test_sort_then_close);
  g_test_add_func ("/app/window/failed-connection", test_failed_connection);
  g_test_add_func ("/app/review-page/paced-list", test_paced_list);
  g_test_add_func ("/app/review-page/sort-order", test_sort_order);
  g_test_add_func ("/app/review-page/show-record-pending", test_show_record_pending);
  g_test_add_func ("/app/review-page/show-record-overridden", test_show_record_overridden);
  g_test_add_func ("/app/review-page/next-unreviewed-pending", test_next_unreviewed_pending);
  g_test_add_func ("/app/review-page/click-after-next-unreviewed", test_click_after_next_unreviewed);
  g_test_add_func ("/app/review-page/next-unreviewed-wraps", test_next_unreviewed_wraps);
  g_test_add_func ("/app/session/split-kinds", test_split_kinds);
  g_test_add_func ("/app/session/regroup-judged", test_regroup_judged);
  g_test_add_func ("/app/review-page/figures-follow", test_figures_follow);
  g_test_add_func ("/app/review-page/filters-combined", test_filters_combined);
  g_test_add_func ("/app/review-page/search-and-dates", test_search_and_dates);
  g_test_add_func ("/app/review-page/empty-says-why", test_empty_says_why);
  g_test_add_func ("/app/review-page/risk-order", test_risk_order);
  g_test_add_func ("/app/window/export-follows-filter", test_export_follows_filter);
  g_test_add_func ("/app/window/export-at-click", test_export_at_click);
  g_test_add_func ("/app/window/search-settles", test_search_settles);
  g_test_add_func ("/app/window/export-sliced", test_export_sliced);
  g_test_add_func ("/app/export-dialog/folder-and-name", test_export_dialog);
  g_test_add_func ("/app/window/history-notes", test_history_notes);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}

