/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What pr-window.c and pr-window-actions.c share. */
#pragma once

#include "pr-window.h"

#include "pr-compare-view.h"
#include "pr-mapping-page.h"
#include "pr-review-page.h"

G_BEGIN_DECLS

struct _PrWindow
{
  GtkApplicationWindow  parent_instance;

  /* Template widgets */
  GtkWidget            *title_label;
  GtkWidget            *subtitle_label;
  GtkWidget            *error_revealer;
  GtkWidget            *error_label;
  GtkWidget            *progress_revealer;
  GtkWidget            *progress_label;
  GtkWidget            *progress_bar;
  GtkWidget            *stack;
  GtkWidget            *mapping_page;
  GtkWidget            *review_page;
  GtkWidget            *export_revealer;
  GtkWidget            *export_label;
  GtkWidget            *history_button;
  GtkWidget            *history_popover;
  GtkWidget            *note_entry;
  gboolean              note_sent;     /* the note went with the step under way */

  PrSession            *session;
  GSettings            *settings;
  PrConnectionParams   *to_remember;   /* the dialog's connection under way, saved once it works, or NULL */
  gboolean              keep_password; /* and its password kept in the keyring */
  GCancellable         *work;          /* the scan or export running, or NULL */
  gint64                work_started;
  char                 *work_what;
  char                 *export_name;   /* the file the export running writes, as the user knows it */
  GFile                *export_folder; /* the folder it is in */
  guint                 export_cases;  /* the cases it holds */
  GtkWidget            *threshold_dialog;  /* weak: the threshold preview, while open */
  GtkWidget            *scan_bar;
  GtkWidget            *scan_label;
  PrStoredScan         *last_scan;     /* the mapping page's table's, or NULL */
  gboolean              last_scan_same_mapping;
  guint                 last_scan_lookup;  /* the latest look-up: older answers are dropped */
  gboolean              resumed;       /* the case last shown was looked for once */
  gulong                resume_listed; /* waits for the list to hold every case */
  gulong                resume_chosen; /* ... unless the clerk chooses a case meanwhile */
  PrClusterItem        *resume_seen;   /* the case the list chose of itself, or NULL (owned) */
  char                 *resume_database;
  char                 *resume_table;
  char                 *resume_primary;
  guint                 resume_number;  /* 0 for a cluster not a case */
  char                 *rescan_table;   /* the table and case shown as a scan started */
  char                 *rescan_primary;
  guint                 rescan_number;
};

/* The review page's compare view. */
#define COMPARE_VIEW(self) (pr_review_page_get_compare_view (PR_REVIEW_PAGE ((self)->review_page)))

void _pr_window_actions_init   (PrWindow    *self);
void _pr_window_judge_init     (PrWindow    *self);
void _pr_window_actions_update (PrWindow    *self);
void _pr_window_resume_save    (PrWindow    *self);
void _pr_window_resume         (PrWindow    *self);
void _pr_window_resume_remember (PrWindow   *self);
void _pr_window_resume_rescanned (PrWindow  *self);
void _pr_window_resume_stop    (PrWindow    *self);
void _pr_window_resume_dispose (PrWindow    *self);
void _pr_window_update_title   (PrWindow    *self);
void _pr_window_start_work     (PrWindow    *self,
                                const char  *what);
void _pr_window_end_work       (PrWindow    *self);
/* pr-window-history.c: the reviewer's name, notes, history, restoring. */
void     _pr_window_history_init       (PrWindow    *self);
gboolean _pr_window_prepare_decision   (PrWindow    *self,
                                        const char  *action,
                                        GVariant    *target);
void     _pr_window_decision_recorded  (PrWindow    *self);
void     _pr_window_decided            (GObject      *object,
                                        GAsyncResult *result,
                                        gpointer      user_data);
/* pr-window-reopen.c */
void     _pr_window_intake_activated   (GSimpleAction *action,
                                        GVariant      *parameter,
                                        gpointer       user_data);
void     _pr_window_intake_verdict_activated (GSimpleAction *action,
                                              GVariant      *parameter,
                                              gpointer       user_data);
void     _pr_window_reopen_init        (PrWindow    *self);
void     _pr_window_reopen_update      (PrWindow    *self);
void     _pr_window_reopen_scanned     (PrWindow    *self);
gboolean _pr_window_reopen_ask_rescan  (PrWindow    *self);
void     _pr_window_show_review        (PrWindow    *self);
void _pr_window_show_progress  (PrScanPhase  phase,
                                guint64      records,
                                guint64      done,
                                guint64      total,
                                gpointer     user_data);

G_END_DECLS
