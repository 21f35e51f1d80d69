/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The record set loader: a CSV read in batches of 4096 records on one
 * thread while a worker fingerprints the previous batch. A generated file
 * of 10,000 records (three batches, the last one partial) is loaded with
 * one, two and three fingerprinting threads, and every record is checked
 * against the fingerprinter run on it alone, the independent oracle. Errors
 * and cancellation in a later batch must fail the load cleanly, naming the
 * line.
 */
#include "config.h"

#include "pr-test-util.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-csv-reader.h"
#include "pr-date.h"
#include "pr-fingerprinter.h"
#include "pr-record-set.h"

#define N_RECORDS 10000
/* The loader's batch size, for placing faults in later batches. */
#define BATCH 4096

static char *tmpdir;

static const char *const words[] = {
  "路灯", "维修", "小区", "物业", "噪音", "扰民", "拖欠", "工资", "农民工", "施工",
  "夜间", "停车", "收费", "违规", "学校", "教师", "医院", "看病", "排队", "道路",
  "积水", "下水道", "堵塞", "垃圾", "清运", "供暖", "不热", "燃气", "价格", "上涨",
  "公交", "线路", "取消", "出行", "不便", "拆迁", "补偿", "不到位", "请求", "尽快",
  "处理", "解决", "反映", "问题", "多次", "无果", "领导", "重视", "幸福路", "12号",
  "三个月", "2024年", "iPhone", "ＡＢＣ", "電話", "開發商", "退款", "消防", "通道", "占用",
};

/* One generated record, as the file has it. */
typedef struct {
  char    *id;
  char    *user;
  char    *body;
  char    *time;
  guint64  line;   /* where the record begins */
} Record;

static Record records[N_RECORDS];
static char *records_path;

static char *
random_body (GRand *rand)
{
  GString *body = g_string_new (NULL);
  double kind = g_rand_double (rand);
  guint n_words;

  if (kind < 0.05)
    return g_string_free (body, FALSE);           /* empty: sparse */
  if (kind < 0.10)
    n_words = g_rand_int_range (rand, 1, 3);      /* one or two words: sparse */
  else
    n_words = g_rand_int_range (rand, 3, 40);

  for (guint w = 0; w < n_words; w++)
    {
      double sep = g_rand_double (rand);

      if (w > 0)
        g_string_append (body, sep < 0.6 ? "" : sep < 0.8 ? "，" : sep < 0.9 ? " " : "。");
      g_string_append (body, words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
    }
  /* Some bodies need quoting: a comma, a quote, a line break. */
  if (kind > 0.97)
    g_string_append (body, ", \"原话\"\n第二行");
  else if (kind > 0.95)
    g_string_append (body, "\r\n");

  return g_string_free (body, FALSE);
}

static char *
random_time (GRand *rand)
{
  int year = g_rand_int_range (rand, 2015, 2025);
  int month = g_rand_int_range (rand, 1, 13);
  int day = g_rand_int_range (rand, 1, 29);
  int hour = g_rand_int_range (rand, 0, 24);
  int minute = g_rand_int_range (rand, 0, 60);

  switch (g_rand_int_range (rand, 0, 9))
    {
    case 0: return g_strdup_printf ("%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, 7);
    case 1: return g_strdup_printf ("%04d/%d/%d %d:%02d", year, month, day, hour, minute);
    case 2: return g_strdup_printf ("%04d.%02d.%02d", year, month, day);
    case 3: return g_strdup_printf ("%04d年%d月%d日 %d时%d分", year, month, day, hour, minute);
    case 4: return g_strdup_printf ("%04d%02d%02d", year, month, day);
    case 5: return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, 0);
    case 6: return g_strdup ("");
    case 7: return g_strdup ("不详");
    default: return g_strdup_printf ("%04d-%02d-%02d", year, month, day);
    }
}

static void
append_field (GString    *line,
              const char *value)
{
  if (strpbrk (value, ",\"\r\n") == NULL)
    {
      g_string_append (line, value);
      return;
    }
  g_string_append_c (line, '"');
  for (const char *p = value; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *p);
    }
  g_string_append_c (line, '"');
}

static guint
count_newlines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

static void
generate_records (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240501);
  guint64 line = 2;

  for (guint i = 0; i < N_RECORDS; i++)
    {
      Record *r = &records[i];

      r->id = g_strdup_printf ("R%05u", i + 1);
      /* Empty in one record of ten: a short field that contributes nothing. */
      r->user = g_rand_double (rand) < 0.1 ? g_strdup ("")
                : g_strdup_printf ("U%03d", g_rand_int_range (rand, 0, 200));
      r->body = random_body (rand);
      r->time = random_time (rand);
      r->line = line;
      line += 1 + count_newlines (r->body);
    }
}

typedef enum {
  FAULT_NONE,
  FAULT_BAD_UTF8,   /* the body holds a byte that is not UTF-8 */
  FAULT_RAGGED,     /* one field too many */
  FAULT_REPEAT_ID,  /* the id of record 10 again */
} Fault;

/* Writes the records to @name, with @fault in record @at (0-based). */
static char *
write_records (const char *name,
               Fault       fault,
               guint       at)
{
  g_autoptr(GString) csv = g_string_new ("id,user,body,time,note\r\n");
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  for (guint i = 0; i < N_RECORDS; i++)
    {
      const Record *r = &records[i];

      append_field (csv, fault == FAULT_REPEAT_ID && i == at ? records[9].id : r->id);
      g_string_append_c (csv, ',');
      append_field (csv, r->user);
      g_string_append_c (csv, ',');
      if (fault == FAULT_BAD_UTF8 && i == at)
        g_string_append (csv, "坏\xff的");
      else
        append_field (csv, r->body);
      g_string_append_c (csv, ',');
      append_field (csv, r->time);
      g_string_append (csv, ",x");
      if (fault == FAULT_RAGGED && i == at)
        g_string_append (csv, ",extra");
      g_string_append (csv, "\r\n");
    }

  g_file_set_contents (path, csv->str, csv->len, &error);
  g_assert_no_error (error);

  return path;
}

static PrMapping *
make_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "user", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "time", PR_COLUMN_ROLE_DATE, 0, NULL));

  return mapping;
}

static PrLoadOptions
make_options (guint n_threads)
{
  PrLoadOptions options = { 0 };

  options.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  options.min_tokens = PR_DEFAULT_MIN_TOKENS;
  options.n_threads = n_threads;

  return options;
}

/* Progress as the loader reports it. */
typedef struct {
  GArray       *counts;      /* guint64 */
  guint64       last_bytes;
  guint64       bytes_total;
  GCancellable *cancel_at_first;
} Progress;

static void
on_progress (guint64  n_records,
             guint64  bytes_read,
             guint64  bytes_total,
             gpointer user_data)
{
  Progress *progress = user_data;

  g_array_append_val (progress->counts, n_records);
  g_assert_cmpuint (bytes_read, >=, progress->last_bytes);
  g_assert_cmpuint (bytes_read, <=, bytes_total);
  progress->last_bytes = bytes_read;
  progress->bytes_total = bytes_total;
  if (progress->cancel_at_first != NULL)
    g_cancellable_cancel (progress->cancel_at_first);
}

static void
test_load_matches_oracle (void)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  g_autoptr(PrFingerprinter) oracle = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL,
                                                            PR_DEFAULT_MIN_TOKENS, NULL);
  g_autofree PrFingerprint *expected = g_new (PrFingerprint, N_RECORDS);
  guint n_sparse = 0, n_dated = 0;

  g_assert_nonnull (oracle);
  for (guint i = 0; i < N_RECORDS; i++)
    {
      const char *values[] = { records[i].id, records[i].user, records[i].body, records[i].time };
      g_autoptr(GError) error = NULL;

      g_assert_true (pr_fingerprinter_compute (oracle, values, NULL, &expected[i], &error));
      g_assert_no_error (error);
      n_sparse += expected[i].sparse;
    }
  /* The generator made both kinds, or the sparse check proves nothing. */
  g_assert_cmpuint (n_sparse, >, 500);
  g_assert_cmpuint (n_sparse, <, 2000);

  for (guint n_threads = 1; n_threads <= 3; n_threads++)
    {
      PrLoadOptions options = make_options (n_threads);
      Progress progress = { g_array_new (FALSE, FALSE, sizeof (guint64)), 0, 0, NULL };
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = NULL;
      guint64 previous = 0;
      guint64 set_sparse = 0;

      g_test_message ("%u threads", n_threads);
      set = pr_record_set_load_csv (records_path, mapping, &options, on_progress, &progress, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (set);
      g_assert_cmpuint (set->n_records, ==, N_RECORDS);
      g_assert_cmpuint (set->ids->len, ==, N_RECORDS);
      g_assert_null (set->labels);

      n_dated = 0;
      for (guint i = 0; i < N_RECORDS; i++)
        {
          gint64 date;

          g_assert_cmpstr (set->ids->pdata[i], ==, records[i].id);
          if (set->fingerprints[i] != expected[i].fingerprint || set->sparse[i] != expected[i].sparse)
            g_error ("record %u (line %" G_GUINT64_FORMAT ", %u threads): %016" G_GINT64_MODIFIER "x sparse %u, "
                     "alone %016" G_GINT64_MODIFIER "x sparse %u",
                     i, records[i].line, n_threads, set->fingerprints[i], set->sparse[i],
                     expected[i].fingerprint, expected[i].sparse);
          if (!pr_date_parse (records[i].time, &date))
            date = PR_DATE_NONE;
          else
            n_dated++;
          g_assert_cmpint (set->dates[i], ==, date);
          set_sparse += set->sparse[i];
        }
      g_assert_cmpuint (set->n_sparse, ==, set_sparse);
      g_assert_cmpuint (set->n_sparse, ==, n_sparse);

      /* After each full batch and at the end, counts never going back. */
      g_assert_cmpuint (progress.counts->len, >=, 2);
      for (guint p = 0; p < progress.counts->len; p++)
        {
          guint64 count = g_array_index (progress.counts, guint64, p);

          g_assert_cmpuint (count, >=, previous);
          previous = count;
        }
      g_assert_cmpuint (previous, ==, N_RECORDS);
      g_assert_cmpuint (progress.last_bytes, ==, progress.bytes_total);
      g_array_unref (progress.counts);
    }
  /* Most dates are readable; "" and 不详 are not. */
  g_assert_cmpuint (n_dated, >, N_RECORDS / 2);
  g_assert_cmpuint (n_dated, <, N_RECORDS);
}

/* The load fails with an error that names @line. */
static void
assert_load_fails (const char *path,
                   GQuark      domain,
                   int         code,
                   guint64     line,
                   const char *also)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  PrLoadOptions options = make_options (2);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autofree char *line_text = g_strdup_printf ("line %" G_GUINT64_FORMAT, line);

  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_null (set);
  g_assert_error (error, domain, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, line_text));
  /* "line 5002" must not pass for "line 50021". */
  g_assert_false (g_ascii_isdigit (strstr (error->message, line_text)[strlen (line_text)]));
  g_assert_nonnull (strstr (error->message, also));
}

static void
test_errors_in_later_batches (void)
{
  const guint second = BATCH + 904;        /* record 5000 */
  const guint third = 2 * BATCH + 1000;
  g_autofree char *bad_second = write_records ("bad-utf8-2.csv", FAULT_BAD_UTF8, second);
  g_autofree char *bad_third = write_records ("bad-utf8-3.csv", FAULT_BAD_UTF8, third);
  g_autofree char *ragged = write_records ("ragged.csv", FAULT_RAGGED, 6000);
  g_autofree char *repeat = write_records ("repeat.csv", FAULT_REPEAT_ID, 9000);
  g_autofree char *last = write_records ("bad-last.csv", FAULT_BAD_UTF8, N_RECORDS - 1);

  assert_load_fails (bad_second, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW, records[second].line, "UTF-8");
  assert_load_fails (bad_third, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW, records[third].line, "UTF-8");
  assert_load_fails (last, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW, records[N_RECORDS - 1].line, "UTF-8");
  assert_load_fails (ragged, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX, records[6000].line,
                     "6 fields, but the header has 5");
  assert_load_fails (repeat, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID, records[9000].line,
                     "the id “R00010” appears a second time");
}

static void
test_cancel_before (void)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  PrLoadOptions options = make_options (2);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;

  g_cancellable_cancel (cancellable);
  set = pr_record_set_load_csv (records_path, mapping, &options, NULL, NULL, cancellable, &error);
  g_assert_null (set);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_cancel_from_progress (void)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  PrLoadOptions options = make_options (2);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Progress progress = { g_array_new (FALSE, FALSE, sizeof (guint64)), 0, 0, cancellable };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;

  set = pr_record_set_load_csv (records_path, mapping, &options, on_progress, &progress, cancellable, &error);
  g_assert_null (set);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* Cancelled at the first batch: the load did not reach the end. */
  g_assert_cmpuint (g_array_index (progress.counts, guint64, 0), ==, BATCH);
  g_assert_cmpuint (g_array_index (progress.counts, guint64, progress.counts->len - 1), <, N_RECORDS);
  g_array_unref (progress.counts);
}

/* Cancelled by another thread while the load runs: the progress callback
 * wakes the canceller and waits until it has cancelled, so the cancel
 * surely falls inside the load. */
typedef struct {
  GMutex        lock;
  GCond         cond;
  gboolean      loading;
  gboolean      cancelled;
  GCancellable *cancellable;
} Canceller;

static gpointer
canceller_thread (gpointer data)
{
  Canceller *c = data;

  g_mutex_lock (&c->lock);
  while (!c->loading)
    g_cond_wait (&c->cond, &c->lock);
  g_cancellable_cancel (c->cancellable);
  c->cancelled = TRUE;
  g_cond_broadcast (&c->cond);
  g_mutex_unlock (&c->lock);

  return NULL;
}

static void
on_progress_wake_canceller (guint64  n_records,
                            guint64  bytes_read,
                            guint64  bytes_total,
                            gpointer user_data)
{
  Canceller *c = user_data;

  g_mutex_lock (&c->lock);
  c->loading = TRUE;
  g_cond_broadcast (&c->cond);
  while (!c->cancelled)
    g_cond_wait (&c->cond, &c->lock);
  g_mutex_unlock (&c->lock);
}

static void
test_cancel_from_thread (void)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  PrLoadOptions options = make_options (3);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  Canceller c = { 0 };
  GThread *thread;

  g_mutex_init (&c.lock);
  g_cond_init (&c.cond);
  c.cancellable = cancellable;
  thread = g_thread_new ("canceller", canceller_thread, &c);

  set = pr_record_set_load_csv (records_path, mapping, &options, on_progress_wake_canceller, &c,
                                cancellable, &error);
  g_thread_join (thread);
  g_assert_null (set);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  g_mutex_clear (&c.lock);
  g_cond_clear (&c.cond);
}

static PrRecordSet *
load_small (const char *name,
            const char *contents)
{
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  g_autoptr(PrMapping) mapping = make_mapping ();
  PrLoadOptions options = make_options (1);
  g_autoptr(GError) error = NULL;
  PrRecordSet *set;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (set);

  return set;
}

static void
test_rank (void)
{
  /* By date, records without a readable one last; then by id, numeric ids
   * by value (9 before 10) and before the others. */
  g_autoptr(PrRecordSet) set = load_small ("rank.csv",
                                           "id,user,body,time,note\n"
                                           "10,U1,路灯坏了,2024-01-02,x\n"
                                           "9,U1,路灯坏了,2024/1/2,x\n"
                                           "a,U1,路灯坏了,,x\n"
                                           "2,U1,路灯坏了,2023-12-31 23:59:59,x\n"
                                           "11,U1,路灯坏了,不详,x\n"
                                           "b,U1,路灯坏了,2024年1月2日,x\n"
                                           "012,U1,路灯坏了,2024-01-02 00:00:01,x\n");
  g_autofree guint32 *rank = pr_record_set_rank (set);
  /* Order: 2, 9, 10, b (2024-01-02 00:00), 012 (a second later), 11, a. */
  const guint32 expected[] = { 2, 1, 6, 0, 5, 3, 4 };

  g_assert_cmpuint (set->n_records, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_test_message ("record %u (id %s): rank %u", i, (const char *) set->ids->pdata[i], rank[i]);
      g_assert_cmpuint (rank[i], ==, expected[i]);
    }
}

/* Two petitioner columns, user and phone: records agreeing on either are
 * by the same person, whatever the width, case and spaces of the value;
 * known on both and agreeing on neither, by another (values are compared
 * across the columns of one role: record 2's user and record 6's phone are
 * two petitioners); otherwise (empty on one side, or no petitioner column
 * at all) not known. */
static void
test_petitioner_kind (void)
{
  static const char csv[] =
    "id,user,phone,body\n"
    "1,Zhang San,138 0000 1111,路灯坏了很久\n"      /* 0 */
    "2,ｚｈａｎｇ　ｓａｎ,,路灯坏了很久\n"            /* 1: the same user, full width */
    "3,李四,13800001111,路灯坏了很久\n"             /* 2: another user, the same phone */
    "4,李四,13900002222,路灯坏了很久\n"             /* 3: another user and phone */
    "5,,,路灯坏了很久\n"                            /* 4: nothing known */
    "6,,13900002222,路灯坏了很久\n";                /* 5: the phone only */
  /* By hand, from the values above: kind[a][b]. */
  static const PrPetitionerKind S = PR_PETITIONER_SAME, O = PR_PETITIONER_OTHER, U = PR_PETITIONER_UNKNOWN;
  static const PrPetitionerKind expected[6][6] = {
    { S, S, S, O, U, O },
    { S, S, O, O, U, O },
    { S, O, S, S, U, O },
    { O, O, S, S, U, S },
    { U, U, U, U, U, U },
    { O, O, O, S, U, S },
  };
  g_autofree char *path = g_build_filename (tmpdir, "petitioners.csv", NULL);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrMapping) plain = NULL;
  PrLoadOptions options = make_options (1);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(PrRecordSet) unmarked = NULL;

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "user", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "phone", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  plain = pr_mapping_copy (mapping);
  g_assert_true (pr_mapping_set_petitioner (mapping, "user", NULL));
  g_assert_true (pr_mapping_set_petitioner (mapping, "phone", NULL));
  g_file_set_contents (path, csv, -1, &error);
  g_assert_no_error (error);

  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  unmarked = pr_record_set_load_csv (path, plain, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 6);
  for (guint32 a = 0; a < 6; a++)
    for (guint32 b = 0; b < 6; b++)
      {
        g_test_message ("records %u and %u", a + 1, b + 1);
        /* Record 5 with itself too: nothing known is nothing known. */
        g_assert_cmpint (pr_record_set_petitioner_kind (set, a, b), ==, expected[a][b]);
        g_assert_cmpint (pr_record_set_petitioner_kind (unmarked, a, b), ==, PR_PETITIONER_UNKNOWN);
      }
}

static void
test_find_pairs_skips_sparse (void)
{
  /* 1 and 2: the same real body; 3 and 4: both empty; 5 and 6: the same
   * too-short body; 7 unrelated. Only 1–2 is a pair. */
  g_autoptr(PrRecordSet) set = load_small ("pairs.csv",
                                           "id,user,body,time,note\n"
                                           "1,,幸福路12号的路灯坏了三个月，请尽快维修。,,x\n"
                                           "2,,幸福路12号的路灯坏了三个月，请尽快维修。,,x\n"
                                           "3,,,,x\n"
                                           "4,,,,x\n"
                                           "5,,同上,,x\n"
                                           "6,,同上,,x\n"
                                           "7,,某建筑公司拖欠农民工工资半年，多次讨要无果。,,x\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pairs = NULL;
  const PrPair *pair;

  g_assert_cmpuint (set->n_sparse, ==, 4);
  g_assert_cmpuint (set->fingerprints[2], ==, set->fingerprints[3]);
  g_assert_cmpuint (set->fingerprints[4], ==, set->fingerprints[5]);
  g_assert_true (set->sparse[2] && set->sparse[3] && set->sparse[4] && set->sparse[5]);

  pairs = pr_record_set_find_pairs (set, 3, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pairs->len, ==, 1);
  pair = &g_array_index (pairs, PrPair, 0);
  g_assert_cmpuint (pair->a, ==, 0);
  g_assert_cmpuint (pair->b, ==, 1);
  g_assert_cmpuint (pair->distance, ==, 0);
}

static void
collect_part_pair (guint32  a,
                   guint32  b,
                   double   containment,
                   gpointer user_data)
{
  g_string_append_printf (user_data, "%u %u %.9f\n", a, b, containment);
}

/* The bundled sample (its first 1,000 records under valgrind) loaded as a
 * scan loads it, its parts held in memory as a table, and again through a
 * spool that writes them to its file every few hundred: the same part
 * pairs, in the same order, at the same containment, and the same
 * boilerplate. */
static void
test_part_pairs_through_file (void)
{
  g_autofree char *path = pr_test_sample_path (1000);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrPartMatchOptions match = PR_PART_MATCH_OPTIONS_DEFAULT;
  g_autoptr(GString) in_memory = g_string_new (NULL);
  g_autoptr(GString) through_file = g_string_new (NULL);
  g_autoptr(GArray) boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) boilerplate_file = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GError) error = NULL;
  PrLoadOptions options = { 0 };
  g_autoptr(PrRecordSet) held = NULL;
  g_autoptr(PrRecordSet) spilled = NULL;
  PrPartTable table;

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_set_petitioner (mapping, "petitioner", NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  options.parts = TRUE;
  options.keep_part_table = TRUE;
  held = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  table = pr_record_set_get_parts (held);
  g_assert_true (pr_part_table_find_pairs_full (&table, held->sparse, &match, collect_part_pair, in_memory,
                                                boilerplate, NULL, &error));
  g_assert_no_error (error);

  options.keep_part_table = FALSE;
  options.part_memory = 256 * 12 * 4;
  spilled = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (spilled->parts);
  g_assert_cmpuint (pr_part_spool_get_n_parts (spilled->part_spool), ==, held->parts->len);
  g_assert_cmpuint (pr_part_spool_get_spilled (spilled->part_spool), >, held->parts->len * 12 / 2);
  g_assert_true (pr_record_set_find_part_pairs (spilled, spilled->sparse, &match, 2, collect_part_pair, through_file,
                                                boilerplate_file, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (in_memory->len, >, 1000);
  g_assert_cmpstr (through_file->str, ==, in_memory->str);
  g_assert_cmpuint (boilerplate->len, >, 0);
  g_assert_cmpmem (boilerplate_file->data, boilerplate_file->len * sizeof (guint64),
                   boilerplate->data, boilerplate->len * sizeof (guint64));
}

/* The reuse hook of an incremental load: a stored fingerprint per id and
 * content hash; a record whose hash differs is fingerprinted again. */
typedef struct {
  GHashTable *stored;   /* id → PrRecordSet index in the first load */
  PrRecordSet *first;
  guint        asked;
} Stored;

static gboolean
reuse_stored (const char    *id,
              guint64        content_hash,
              PrFingerprint *fingerprint,
              gpointer       user_data)
{
  Stored *stored = user_data;
  gpointer found;
  gsize i;

  stored->asked++;
  if (!g_hash_table_lookup_extended (stored->stored, id, NULL, &found))
    return FALSE;
  i = GPOINTER_TO_SIZE (found);
  if (stored->first->content_hashes[i] != content_hash)
    return FALSE;
  fingerprint->fingerprint = stored->first->fingerprints[i];
  fingerprint->sparse = stored->first->sparse[i];
  return TRUE;
}

static void
test_incremental_reuse (void)
{
  g_autofree char *before = write_records ("before.csv", FAULT_NONE, 0);
  g_autofree char *after_path = g_build_filename (tmpdir, "after.csv", NULL);
  g_autoptr(PrMapping) mapping = make_mapping ();
  PrLoadOptions options = make_options (2);
  g_autoptr(PrRecordSet) first = NULL;
  g_autoptr(PrRecordSet) fresh = NULL;
  g_autoptr(PrRecordSet) again = NULL;
  g_autoptr(GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GString) edited = NULL;
  Stored stored = { 0 };
  guint64 changed = 0;

  first = pr_record_set_load_csv (before, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < first->n_records; i++)
    g_hash_table_insert (index, first->ids->pdata[i], GSIZE_TO_POINTER (i));

  /* Edit the file: record 7's body and record 5001's user change. */
  g_file_get_contents (before, &contents, NULL, &error);
  g_assert_no_error (error);
  edited = g_string_new (contents);
  {
    g_autofree char *old7 = g_strdup_printf ("\r\n%s,", records[7].id);
    g_autofree char *old5001 = g_strdup_printf ("\r\n%s,%s,", records[5001].id, records[5001].user);
    g_autofree char *new5001 = g_strdup_printf ("\r\n%s,%s改,", records[5001].id, records[5001].user);
    char *at;

    g_assert_nonnull (strstr (edited->str, old5001));
    g_string_replace (edited, old5001, new5001, 1);
    /* Record 7: put a word in front of its user, which changes its content. */
    at = strstr (edited->str, old7);
    g_assert_nonnull (at);
    g_string_insert (edited, at - edited->str + strlen (old7), "改");
  }
  g_file_set_contents (after_path, edited->str, edited->len, &error);
  g_assert_no_error (error);

  stored.stored = index;
  stored.first = first;
  options.reuse = reuse_stored;
  options.reuse_data = &stored;
  again = pr_record_set_load_csv (after_path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  options.reuse = NULL;
  fresh = pr_record_set_load_csv (after_path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (stored.asked, ==, N_RECORDS);
  g_assert_cmpuint (again->n_records, ==, N_RECORDS);
  for (gsize i = 0; i < N_RECORDS; i++)
    {
      /* Reused or not, every fingerprint is what a full load gives. */
      g_assert_cmphex (again->fingerprints[i], ==, fresh->fingerprints[i]);
      g_assert_cmpint (again->sparse[i], ==, fresh->sparse[i]);
      g_assert_cmphex (again->content_hashes[i], ==, fresh->content_hashes[i]);
      changed += again->changed[i];
      g_assert_cmpint (again->changed[i], ==, i == 7 || i == 5001);
    }
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpuint (again->n_reused, ==, N_RECORDS - 2);
  g_assert_cmpuint (again->n_sparse, ==, fresh->n_sparse);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  tmpdir = g_dir_make_tmp ("pr-test-record-set-XXXXXX", &error);
  g_assert_no_error (error);
  generate_records ();
  records_path = write_records ("records.csv", FAULT_NONE, 0);

  g_test_add_func ("/engine/record-set/load/oracle", test_load_matches_oracle);
  g_test_add_func ("/engine/record-set/load/errors-in-later-batches", test_errors_in_later_batches);
  g_test_add_func ("/engine/record-set/load/cancel-before", test_cancel_before);
  g_test_add_func ("/engine/record-set/load/cancel-from-progress", test_cancel_from_progress);
  g_test_add_func ("/engine/record-set/load/cancel-from-thread", test_cancel_from_thread);
  g_test_add_func ("/engine/record-set/rank", test_rank);
  g_test_add_func ("/engine/record-set/petitioner-kind", test_petitioner_kind);
  g_test_add_func ("/engine/record-set/load/incremental-reuse", test_incremental_reuse);
  g_test_add_func ("/engine/record-set/find-pairs/skips-sparse", test_find_pairs_skips_sparse);
  g_test_add_func ("/engine/record-set/part-pairs/through-file", test_part_pairs_through_file);

  status = g_test_run ();

  pr_test_remove_tree (tmpdir);
  g_free (tmpdir);
  g_free (records_path);
  for (guint i = 0; i < N_RECORDS; i++)
    {
      g_free (records[i].id);
      g_free (records[i].user);
      g_free (records[i].body);
      g_free (records[i].time);
    }

  return status;
}
