/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-csv-reader.h"
#include "pr-csv-writer.h"
#include "pr-mapping.h"
#include "pr-cli-program.h"
#include "pr-connection.h"
#include "pr-fingerprinter.h"
#include "pr-record-set.h"
#include "pr-scan.h"
#include "pr-repeat-kind.h"

G_BEGIN_DECLS

/* Seconds, unless the connection string says otherwise (pr-cli-common.c). */
#define PR_CLI_DEFAULT_CONNECT_TIMEOUT 15
/* The largest --min-tokens and --threads taken: more is a typing slip. */
#define PR_CLI_MAX_MIN_TOKENS 1000000
#define PR_CLI_MAX_THREADS 1024
#define PR_CLI_DEFAULT_READ_TIMEOUT    900

/* What every subcommand that reads records understands. */
/* --min-shared-short not given: the second stage's default applies. */
#define PR_CLI_MIN_SHARED_SHORT_UNSET G_MININT

typedef struct {
  char     *id;
  char    **short_specs;
  char    **text_specs;
  char    **petitioners;     /* short columns that name who sent a record */
  char    **names;           /* …by the petitioner's name */
  char    **id_cards;        /* …by an ID card number */
  char    **phones;          /* …by phone numbers */
  char    **addresses;       /* …by the petitioner's address */
  char     *date;
  char     *status;          /* the case's state (受理, 办理中, 办结…), read through the rules */
  char     *accepted;        /* the day the case was accepted */
  char     *unit;            /* the body that received the record */
  char     *category;        /* a short column naming the matter's category */
  char     *date_format;     /* PrDateOrder: "DMY", "MDY" or "YMD"; NULL: unset */
  PrDateOrder date_order;
  int       k;
  int       min_tokens;
  char     *encoding;
  gboolean  force_encoding;  /* read the CSV in --encoding even if its text looks mis-decoded */
  char    **column_encodings; /* COL=ENC, for a table's columns */
  int       threads;
  gboolean  no_fold_traditional;
  gboolean  no_normalize;
  gboolean  no_parts;        /* whole-record fingerprints only */
  double    containment;     /* PrPartMatchOptions */
  double    containment_same;
  int       part_max_records;
  int       min_shared;
  int       min_shared_short;
  char     *parts;           /* PrPartMethod: "clauses" or "shingles"; NULL: the default */
  int       shingle_words;
  int       shingle_window;
  gboolean  idf;             /* PrIdfOptions: words weighed by ln (n / df) */
  double    idf_max_share;   /* words in more than this share of the records left out; 0: none */
  PrIdfOptions idf_options;  /* what PrLoadOptions.idf points to */
  char     *db;              /* a connection string, instead of a CSV file */
  char     *table;
  char     *password_file;
  gboolean  sample;          /* the private sample server instead of --db */
  gpointer  sample_server;   /* PrSampleServer, stopped when the options are cleared */
  char    **typed;           /* not a flag: the long names of the mapping flags typed, whatever their values */
  struct _PrCliBadRows *bad_rows; /* not a flag: where a command that skips bad rows lists them */
} PrCliMappingOptions;

/* The IDF flags, for the commands that read a whole table (scan, eval,
 * fingerprint, petition-review-bench fingerprint): IDF needs every record, so a command
 * about one pair or one record (explain, check) has none. The help texts
 * are in pr-cli-common.c, where xgettext finds them. */
extern const char pr_cli_idf_help[];
extern const char pr_cli_idf_max_share_help[];
extern const char pr_cli_idf_max_share_arg[];
/* --skip-bad-rows and --bad-rows, for the commands that read a whole
 * table or file (scan, fingerprint, thresholds); the help texts are in
 * pr-cli-bad-rows.c. */
extern const char pr_cli_skip_bad_rows_help[];
extern const char pr_cli_bad_rows_help[];
extern const char pr_cli_bad_rows_arg[];
#define PR_CLI_BAD_ROWS_ENTRIES(skip, path) \
  { "skip-bad-rows", 0, 0, G_OPTION_ARG_NONE, &(skip), pr_cli_skip_bad_rows_help, NULL }, \
  { "bad-rows", 0, 0, G_OPTION_ARG_FILENAME, &(path), pr_cli_bad_rows_help, pr_cli_bad_rows_arg }
#define PR_CLI_IDF_ENTRIES(options) \
  { "idf", 0, 0, G_OPTION_ARG_NONE, &(options).idf, pr_cli_idf_help, NULL }, \
  { "idf-max-share", 0, 0, G_OPTION_ARG_DOUBLE, &(options).idf_max_share, pr_cli_idf_max_share_help, pr_cli_idf_max_share_arg }

GOptionGroup *pr_cli_mapping_option_group   (PrCliMappingOptions  *options);
gboolean      pr_cli_check_raw_arguments (int                        argc,
                                              char                     **argv,
                                              const GOptionEntry *const *lists,
                                              const char *const         *groups,
                                              GError                   **error);
gboolean      pr_cli_check_flags_in_effect (int                        argc,
                                              char                     **argv,
                                              const GOptionEntry *const *lists,
                                              const char *const         *groups,
                                              GError                   **error);
char        **pr_cli_typed_flags            (int                        argc,
                                              char                     **argv,
                                              const GOptionEntry *const *lists,
                                              const char *const         *groups,
                                              const GOptionEntry        *of);
void          pr_cli_mapping_options_init   (PrCliMappingOptions  *options);
void          pr_cli_mapping_options_clear  (PrCliMappingOptions  *options);
PrMapping    *pr_cli_build_mapping          (PrCliMappingOptions  *options,
                                             GError              **error);
PrMapping    *pr_cli_resolve_mapping        (PrCliMappingOptions  *options,
                                             GPtrArray            *columns,
                                             GError              **error);
PrConnection *pr_cli_open_connection        (PrCliMappingOptions  *options,
                                             GError              **error);
GOptionEntry *pr_cli_mapping_option_entries (PrCliMappingOptions *options);
gboolean      pr_cli_check_store_only_flags (PrCliMappingOptions  *options,
                                             GError              **error);
PrStore      *pr_cli_open_store_only        (PrCliMappingOptions  *options,
                                             const char           *schema,
                                             const char           *no_database,
                                             PrConnection        **connection,
                                             GError              **error);
PrMapping    *pr_cli_source_mapping         (PrConnection         *connection,
                                             PrCliMappingOptions  *options,
                                             GError              **error);
gboolean      pr_cli_open_source            (PrCliMappingOptions  *options,
                                             const char           *store_schema,
                                             PrConnection        **connection,
                                             PrMapping           **mapping,
                                             PrStore             **store,
                                             GError              **error);
void          pr_cli_table_default_id       (GPtrArray            *columns,
                                             PrCliMappingOptions  *options);
gboolean      pr_cli_table_check_id         (GPtrArray            *columns,
                                             const char           *table,
                                             const PrMapping      *mapping,
                                             GError              **error);
PrCsvReader  *pr_cli_open_mapped_csv        (const char           *path,
                                             PrCliMappingOptions  *options,
                                             const PrMapping      *mapping,
                                             int                  *field_of,
                                             int                  *id_field,
                                             guint                *n_header_fields,
                                             GError              **error);
gboolean      pr_cli_next_mapped_row        (PrCsvReader          *reader,
                                             const char           *path,
                                             guint                 n_header_fields,
                                             const PrMapping      *mapping,
                                             const int            *field_of,
                                             int                   id_field,
                                             GError              **error);
PrTokenizerFlags pr_cli_load_flags          (PrCliMappingOptions  *options);
PrPartMatchOptions pr_cli_part_options      (PrCliMappingOptions  *options);
void          pr_cli_second_stage_candidates (PrCliMappingOptions *options);
gboolean      pr_cli_check_second_stage     (gboolean              on,
                                             gboolean              off,
                                             GError              **error);
PrPartMethod  pr_cli_part_method            (PrCliMappingOptions  *options);
void          pr_cli_load_options           (PrCliMappingOptions  *options,
                                             gboolean              keep_labels,
                                             PrLoadOptions        *load);
PrRecordSet  *pr_cli_load_records           (const char           *path,
                                             PrCliMappingOptions  *options,
                                             gboolean              keep_labels,
                                             GError              **error);
PrRecordSet  *pr_cli_load_records_full      (const char           *path,
                                             PrCliMappingOptions  *options,
                                             gboolean              keep_labels,
                                             gboolean              keep_texts,
                                             PrMapping           **out_mapping,
                                             GError              **error);
gboolean      pr_cli_parse_command          (int                  *argc,
                                             char               ***argv,
                                             const char           *parameter_string,
                                             const GOptionEntry   *entries,
                                             PrCliMappingOptions  *options,
                                             guint                 n_files,
                                             GError              **error);
gboolean      pr_cli_parse_command_with_ids (int                  *argc,
                                             char               ***argv,
                                             const char           *parameter_string,
                                             const GOptionEntry   *entries,
                                             PrCliMappingOptions  *options,
                                             guint                 n_files,
                                             guint                 n_ids,
                                             GError              **error);
char         *pr_cli_records_text           (guint64               n_records,
                                             guint64               n_sparse);
gboolean      pr_cli_is_help_flag           (const char           *arg);
gboolean      pr_cli_check_range            (const char           *flag,
                                             double                value,
                                             double                min,
                                             double                max,
                                             GError              **error);
gboolean      pr_cli_parse_optional_number  (const char           *flag,
                                             const char           *text,
                                             double                min,
                                             double                max,
                                             gboolean             *given,
                                             double               *value,
                                             GError              **error);
char         *pr_cli_unreadable_dates_text  (const PrRecordSet    *set,
                                             const char           *column,
                                             gboolean              order_given);
void          pr_cli_print_unreadable_dates (const PrRecordSet    *set,
                                             const PrCliMappingOptions *options);
void          pr_cli_set_command_name       (const char           *command);
/* The rows a scan leaves out (pr-cli-bad-rows.c). */
typedef struct _PrCliBadRows {
  gboolean     skip;
  char        *path;      /* where they are listed; NULL: standard error */
  PrCsvWriter *writer;
  guint64      n_rows;
  GError      *error;     /* the first failure to write the list */
} PrCliBadRows;

char         *pr_cli_bad_rows_path          (gboolean              skip,
                                             const char           *path,
                                             const char           *out);
gboolean      pr_cli_bad_rows_open          (PrCliBadRows         *self,
                                             gboolean              skip,
                                             const char           *path,
                                             const char           *out,
                                             GError              **error);
void          pr_cli_bad_rows_attach        (PrCliBadRows         *self,
                                             PrLoadOptions        *load);
gboolean      pr_cli_bad_rows_close         (PrCliBadRows         *self,
                                             GError              **error);
void          pr_cli_bad_rows_clear         (PrCliBadRows         *self);

int           pr_cli_fail                   (const char           *command,
                                             const GError         *error);
gboolean      pr_cli_write_text_output      (const char           *path,
                                             const char           *text,
                                             gsize                 length,
                                             GError              **error);
PrCsvWriter  *pr_cli_open_csv_output        (const char           *path,
                                             PrCsvWriterFlags      flags,
                                             GError              **error);
/* A file a command reads or writes, and the option that names it. */
typedef struct
{
  const char *option;   /* "--out", or a positional argument's name */
  const char *path;     /* NULL: not given; "-": standard input or output */
  gboolean    csv;      /* an output written as CSV text, whatever its name */
  gboolean    no_stdout; /* an output the command's report on stdout leaves no room for */
  gboolean    svg;      /* an output written as an SVG picture, whatever its name */
} PrCliFile;

gboolean      pr_cli_check_outputs          (const PrCliFile      *inputs,
                                             guint                 n_inputs,
                                             const PrCliFile      *outputs,
                                             guint                 n_outputs,
                                             GError              **error);
gboolean      pr_cli_check_store_output     (const PrCliMappingOptions *options,
                                             const char           *out,
                                             GError              **error);
double        pr_cli_peak_rss_mb            (void);
/* explain's waterfall of the second stage (pr-cli-explain-score.c). */
gboolean      pr_cli_print_score            (const PrMapping      *mapping,
                                             PrCliMappingOptions  *options,
                                             char                **values[2],
                                             const guint64         fingerprints[2],
                                             const gint64         *column_dates,
                                             GError              **error);

/* The columns of scan --new-repeats and of repeats (pr-cli-repeats.c). */
#define PR_CLI_REPEATS_COLUMNS 4
extern const char *const pr_cli_repeats_header[PR_CLI_REPEATS_COLUMNS];

double        pr_cli_rss_mb                 (void);

/* A precision–recall curve (pr-cli-curve.c). */
typedef struct {
  guint  k;
  double precision;
  double recall;
} PrCliCurvePoint;

typedef struct {
  const char      *name;       /* shown in the legend */
  PrCliCurvePoint *points;
  guint            n_points;
} PrCliCurveSeries;

gboolean      pr_cli_write_curve            (const char              *path,
                                             const char              *title,
                                             const char              *x_name,
                                             const char              *y_name,
                                             const char              *note,
                                             const PrCliCurveSeries  *series,
                                             guint                    n_series,
                                             GError                 **error);

/* The progress line on a terminal. */
typedef struct {
  gint64   last;
  gboolean tty;
} PrCliProgress;

void          pr_cli_progress_init          (PrCliProgress        *progress);
void          pr_cli_progress_scan          (PrScanPhase           phase,
                                             guint64               records,
                                             guint64               done,
                                             guint64               total,
                                             gpointer              user_data);
void          pr_cli_progress_finish        (PrCliProgress        *progress);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PrCliMappingOptions, pr_cli_mapping_options_clear)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PrCliBadRows, pr_cli_bad_rows_clear)


int pr_cli_scan        (int argc, char **argv);
int pr_cli_fingerprint (int argc, char **argv);
int pr_cli_eval        (int argc, char **argv);
int pr_cli_check       (int argc, char **argv);
int pr_cli_decisions   (int argc, char **argv);
int pr_cli_repeats     (int argc, char **argv);
int pr_cli_move_history (int argc, char **argv);
int pr_cli_explain     (int argc, char **argv);
int pr_cli_thresholds  (int argc, char **argv);
int pr_cli_learn       (int argc, char **argv);

/* The kinds of repeat and the dispositions a scan writes (pr-cli-kinds.c). */
typedef struct {
  PrCaseRules *rules;
} PrCliKinds;

gboolean      pr_cli_kinds_init             (PrCliKinds           *self,
                                             const char           *rules_path,
                                             GError              **error);
void          pr_cli_kinds_clear            (PrCliKinds           *self);
void          pr_cli_kinds_pair_cells       (PrCliKinds           *self,
                                             PrRecordSet          *set,
                                             guint32               earlier,
                                             guint32               later,
                                             const char          **kind,
                                             const char          **disposition,
                                             char                  due[16]);
void          pr_cli_kinds_member_cells     (PrCliKinds           *self,
                                             PrRecordSet          *set,
                                             const PrCluster      *cluster,
                                             guint                 m,
                                             const char          **kind,
                                             const char          **disposition,
                                             const char          **earlier_id,
                                             char                  due[16]);
GArray       *pr_cli_kinds_same_person      (PrCliKinds           *self,
                                             PrRecordSet          *set,
                                             PrClustering         *clustering);
void          pr_cli_kinds_report           (PrCliKinds           *self,
                                             PrRecordSet          *set,
                                             PrClustering         *clustering,
                                             guint                 n_same_person);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PrCliKinds, pr_cli_kinds_clear)

G_END_DECLS
