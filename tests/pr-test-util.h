/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-identity.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

char *pr_test_make_temp_dir (void);
char *pr_test_write_file    (const char        *dir,
                             const char        *name,
                             const char        *contents);
char *pr_test_write_letters (const char        *dir,
                             guint              n,
                             const char        *letter,
                             const char        *swaps,
                             guint32            seed,
                             const char        *id_prefix);
void  pr_test_limit_address_space (gpointer     bytes);
void  pr_test_assert_server_words_last (const char *message);
void  pr_test_remove_tree   (const char *path);
gboolean pr_test_is_set      (gpointer           data);
void  pr_test_store_result  (GObject           *object,
                             GAsyncResult      *result,
                             gpointer           user_data);
void  pr_test_wait_until_at (gboolean         (*done) (gpointer),
                             gpointer           data,
                             const char        *what,
                             const char        *where,
                             int                line);
/* A hang names the condition and the line that waited for it. */
#define pr_test_wait_until(done, data) \
  pr_test_wait_until_at ((done), (data), #done, __FILE__, __LINE__)
int   pr_test_run_cli       (char              **out,
                             char              **err,
                             const char *const  *args);
int   pr_test_run_cli_to    (const char         *stdout_path,
                             char              **err,
                             const char *const  *args);
int   pr_test_run_scan_id_body (char              **out,
                                char              **err,
                                const char *const  *options,
                                const char         *path);
char *pr_test_scan_pairs    (const char        *records,
                             const char *const  *options,
                             char              **err);
int   pr_test_run_bench     (char              **out,
                             char              **err,
                             const char *const  *args);
gboolean pr_test_under_valgrind (void);
guint pr_test_size          (guint              full,
                             guint              under_valgrind);
char *pr_test_sample_path   (guint              under_valgrind);
char *pr_test_misread       (const char        *text,
                             const char        *stored,
                             const char        *read);
char *pr_test_misread_iconv (const char       *text,
                             const char       *stored,
                             const char       *read,
                             const char       *lost);
guint pr_test_shared_han    (const char       *recovered,
                             const char       *original);
guint64 pr_test_naive_simhash (const char *const *features,
                               const double      *weights,
                               gssize             n_features);

/* The pairs a part matcher gave (a PrPartPairFunc's user data): pair
 * (a << 32 | b) → its containment in thousandths, + 1 (0 is no pair). */
typedef struct {
  GHashTable *found;
} PrTestFoundPairs;

GHashTable *pr_test_read_cluster_sets (const char *path,
                                       guint64    *n_records);
guint64 pr_test_repeats_said (const char *err);
GStrv pr_test_read_thresholds_table (const char *path,
                                     guint      *n_rows);
GHashTable *pr_test_assert_thresholds_row (const char *row,
                                           guint       k,
                                           const char *scan_out,
                                           const char *scan_err,
                                           guint64    *records,
                                           guint64    *repeats);
guint pr_test_count_missing (GHashTable *from,
                             GHashTable *in);
void  pr_test_found_pair    (guint32   a,
                             guint32   b,
                             double    containment,
                             gpointer  found_pairs);
guint pr_test_containment_key (double  containment);
PrRecordSet *pr_test_load_id_body_csv (const char  *csv,
                                       GError     **error);
PrRecordSet *pr_test_load_id_body_csv_texts (const char  *csv,
                                             GError     **error);
PrRecordSet *pr_test_load_id_body_csv_full (const char    *csv,
                                            const char    *column,
                                            PrColumnRole   role,
                                            gboolean       skip_bad_rows,
                                            GError       **error);
int   pr_test_check_xlsx_report (const char  *csv,
                                 const char  *xlsx,
                                 const char  *sheet,
                                 const char  *ids,
                                 const char  *numbers,
                                 const char  *dates,
                                 char       **out);
char *pr_test_without_cases (const char *out);
double pr_test_process_cpu (GPid pid);
gboolean pr_test_same_but_cases (const char *out,
                                 const char *other);

PrPetitionerKind pr_test_identity_compare (PrIdentityRole     name_role,
                                           const char        *a,
                                           const char        *b,
                                           PrIdentityRole     role,
                                           const char        *shared);
void  pr_test_assert_reads  (const char        *cell,
                             const char *const *expected);

G_END_DECLS
