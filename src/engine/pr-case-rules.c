/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The office's rules for a repeat of an earlier case (docs/petition-rules.md):
 * a repeat of a matter accepted or being handled is not taken as a new case,
 * the handler is reminded (催办); a matter concluded by final review (复核)
 * and raised again on the same facts is not accepted again (不再受理). How
 * long each step may take, and the words an office writes for each state,
 * differ by province, so they are a small key file an office may replace;
 * the defaults are those of petition-rules.md.
 *
 * Days: a record's date is the wall time as written (pr-date.c), so its
 * day is that number of seconds divided by a day, in the office's own
 * calendar. A period of N days from day D ends on day D + N: the day it
 * starts from does not count. In working days, Saturdays and Sundays are
 * rest days unless listed as make-up working days (调休), and the listed
 * holidays are rest days; no holiday table is built in, since the State
 * Council publishes the next year's only in the year before.
 */
#define G_LOG_DOMAIN "pr-case-rules"

#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "pr-case-rules.h"
#include "pr-date.h"

G_DEFINE_QUARK (pr-case-rules-error-quark, pr_case_rules_error)

#define SECONDS_PER_DAY G_GINT64_CONSTANT (86400)
#define MAX_PERIOD 3650

/* Steps' periods, by key in [periods]: docs/petition-rules.md, "Time limits". */
enum { ACCEPTANCE, HANDLING, EXTENSION, REVIEW, FINAL_REVIEW, SAME_PERSON, MULTI_SEND, N_PERIODS };

static const struct {
  const char *group;
  const char *key;
  guint       value;
} periods[N_PERIODS] = {
  [ACCEPTANCE]   = { "periods", "acceptance", 15 },   /* from receipt */
  [HANDLING]     = { "periods", "handling", 60 },     /* from acceptance */
  [EXTENSION]    = { "periods", "extension", 30 },    /* at most, beyond handling */
  [REVIEW]       = { "periods", "review", 30 },       /* the review's decision, from its acceptance */
  [FINAL_REVIEW] = { "periods", "final-review", 30 }, /* the final review's, from its acceptance */
  [SAME_PERSON]  = { "kinds", "same-person-days", 90 },
  [MULTI_SEND]   = { "kinds", "multi-send-days", 3 },
};

static const struct {
  const char *key;
  const char *words;  /* separated by ';', as a key file list */
} states[PR_CASE_N_STATES] = {
  [PR_CASE_STATE_UNKNOWN]      = { NULL, NULL },
  [PR_CASE_STATE_RECEIVED]     = { "received", "登记;已登记;待受理;来信登记;来访登记" },
  [PR_CASE_STATE_HANDLING]     = { "handling", "受理;已受理;办理中;正在办理;在办;交办;转办;已交办;已转办;延期办理" },
  [PR_CASE_STATE_CONCLUDED]    = { "concluded", "办结;已办结;已答复;答复;复查办结;已复查" },
  [PR_CASE_STATE_REVIEW]       = { "review", "复查;复查中;复查受理" },
  [PR_CASE_STATE_FINAL_REVIEW] = { "final-review", "复核中;复核受理" },
  [PR_CASE_STATE_FINAL]        = { "final", "复核;已复核;复核办结;复核终结;不再受理" },
  [PR_CASE_STATE_NOT_ACCEPTED] = { "not-accepted", "不予受理;不受理" },
};

struct _PrCaseRules {
  guint        period[N_PERIODS];
  PrCaseDays   days;
  GHashTable  *words;     /* normalised word → PrCaseState */
  GHashTable  *holidays;  /* day number → 1: a rest day on a weekday */
  GHashTable  *workdays;  /* day number → 1: a working day on a weekend */
};

/* A word as written (全角, spaces, case) to the form it is looked up by. */
static char *
normalise_word (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);
  g_autofree char *folded = NULL;
  GString *compact;

  if (normal == NULL)
    return g_strdup ("");
  folded = g_utf8_casefold (normal, -1);
  compact = g_string_new (NULL);
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* White space and zero-width characters do not change a word. */
      if (!g_unichar_isspace (c) && c != 0x200B && c != 0x200C && c != 0x200D && c != 0xFEFF)
        g_string_append_unichar (compact, c);
    }
  return g_string_free (compact, FALSE);
}

static gboolean
add_words (PrCaseRules  *self,
           PrCaseState   state,
           char        **words,
           const char   *source,
           GError      **error)
{
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *word = normalise_word (words[i]);
      gpointer other;

      if (word[0] == '\0')
        continue;
      other = g_hash_table_lookup (self->words, word);
      if (other != NULL && GPOINTER_TO_INT (other) != (int) state)
        {
          g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                       _("%s: the state word “%s” is listed under both “%s” and “%s”; keep it under one"),
                       source, words[i], states[GPOINTER_TO_INT (other)].key, states[state].key);
          return FALSE;
        }
      g_hash_table_insert (self->words, g_steal_pointer (&word), GINT_TO_POINTER (state));
    }
  return TRUE;
}

static PrCaseRules *
rules_new (void)
{
  PrCaseRules *self = g_new0 (PrCaseRules, 1);

  for (guint p = 0; p < N_PERIODS; p++)
    self->period[p] = periods[p].value;
  self->days = PR_CASE_DAYS_NATURAL;
  self->words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->holidays = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->workdays = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return self;
}

/**
 * pr_case_rules_new_default:
 *
 * Returns: (transfer full): the rules of docs/petition-rules.md: 15 days
 *   to accept, 60 to handle (30 more if extended), 30 for a review and
 *   for a final review, natural days, the usual words for each state
 */
PrCaseRules *
pr_case_rules_new_default (void)
{
  PrCaseRules *self = rules_new ();

  for (int s = PR_CASE_STATE_UNKNOWN + 1; s < PR_CASE_N_STATES; s++)
    {
      g_auto(GStrv) words = g_strsplit (states[s].words, ";", -1);

      if (!add_words (self, s, words, "defaults", NULL))
        g_assert_not_reached ();
    }
  return self;
}

void
pr_case_rules_free (PrCaseRules *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->words);
  g_hash_table_unref (self->holidays);
  g_hash_table_unref (self->workdays);
  g_free (self);
}

/* Days since 1970-01-01 of a YYYY-MM-DD day, or FALSE. */
static gboolean
read_day (const char *text,
          gint64     *out_day)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  gint64 seconds;

  /* Only a day: a time of day would be a mistake in a holiday list. */
  if (strlen (trimmed) != 10 || trimmed[4] != '-' || trimmed[7] != '-' || !pr_date_parse (trimmed, &seconds))
    return FALSE;
  *out_day = pr_case_day_of (seconds);
  return TRUE;
}

static gboolean
read_days (GKeyFile     *file,
           const char   *key,
           GHashTable   *into,
           const char   *source,
           GError      **error)
{
  g_auto(GStrv) list = NULL;

  if (!g_key_file_has_key (file, "calendar", key, NULL))
    return TRUE;
  list = g_key_file_get_string_list (file, "calendar", key, NULL, NULL);
  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    {
      gint64 day, *stored;

      if (g_strstrip (list[i])[0] == '\0')
        continue;
      if (!read_day (list[i], &day))
        {
          g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                       _("%s: [calendar] %s: “%s” is not a day written as YYYY-MM-DD"), source, key, list[i]);
          return FALSE;
        }
      stored = g_memdup2 (&day, sizeof day);
      g_hash_table_add (into, stored);
    }
  return TRUE;
}

/* Refuses a group or key the rules do not have: a misspelt key would
 * otherwise leave its default in force without a word. */
static gboolean
check_keys (GKeyFile    *file,
            const char  *source,
            GError     **error)
{
  static const char *const calendar_keys[] = { "days", "holidays", "workdays", NULL };
  g_auto(GStrv) groups = g_key_file_get_groups (file, NULL);

  for (guint g = 0; groups[g] != NULL; g++)
    {
      g_auto(GStrv) keys = NULL;
      gboolean known_group = g_str_equal (groups[g], "periods") || g_str_equal (groups[g], "kinds") ||
                             g_str_equal (groups[g], "states") || g_str_equal (groups[g], "calendar");

      if (!known_group)
        {
          g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                       _("%s: unknown group [%s]; the groups are [periods], [calendar], [states] and [kinds]"),
                       source, groups[g]);
          return FALSE;
        }
      keys = g_key_file_get_keys (file, groups[g], NULL, NULL);
      for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
        {
          gboolean known = FALSE;

          for (guint p = 0; p < N_PERIODS; p++)
            known |= g_str_equal (groups[g], periods[p].group) && g_str_equal (keys[k], periods[p].key);
          for (guint s = 1; s < PR_CASE_N_STATES; s++)
            known |= g_str_equal (groups[g], "states") && g_str_equal (keys[k], states[s].key);
          known |= g_str_equal (groups[g], "calendar") && g_strv_contains (calendar_keys, keys[k]);
          if (!known)
            {
              g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                           _("%s: unknown key “%s” in [%s]; see the admin guide for the rules file's keys"),
                           source, keys[k], groups[g]);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
read_period (PrCaseRules  *self,
             GKeyFile     *file,
             guint         p,
             const char   *source,
             GError      **error)
{
  g_autofree char *text = g_key_file_get_value (file, periods[p].group, periods[p].key, NULL);
  char *end = NULL;
  gint64 value;

  if (text == NULL)
    return TRUE;
  g_strstrip (text);
  errno = 0;
  value = g_ascii_strtoll (text, &end, 10);
  if (text[0] == '\0' || *end != '\0' || errno != 0 || value < 0 || value > MAX_PERIOD)
    {
      g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                   _("%s: [%s] %s must be a whole number of days from 0 to %d, not “%s”"),
                   source, periods[p].group, periods[p].key, MAX_PERIOD, text);
      return FALSE;
    }
  self->period[p] = (guint) value;
  return TRUE;
}

/**
 * pr_case_rules_new_from_data:
 * @data: a rules key file's text
 * @source: how messages name it (its path)
 * @error: return location for a #GError
 *
 * Reads rules: each period given replaces its default, each state's word
 * list given replaces that state's default words; what is not given keeps
 * its default.
 *
 * Returns: (transfer full) (nullable): the rules, or %NULL with @error
 *   naming the group, key or value at fault
 */
PrCaseRules *
pr_case_rules_new_from_data (const char  *data,
                             const char  *source,
                             GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(PrCaseRules) self = rules_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *days = NULL;

  if (!g_key_file_load_from_data (file, data, -1, G_KEY_FILE_NONE, &local_error))
    {
      g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                   _("%s is not a rules file: %s"), source, local_error->message);
      return NULL;
    }
  if (!check_keys (file, source, error))
    return NULL;
  for (guint p = 0; p < N_PERIODS; p++)
    if (!read_period (self, file, p, source, error))
      return NULL;

  days = g_key_file_get_value (file, "calendar", "days", NULL);
  if (days != NULL && g_str_equal (g_strstrip (days), "working"))
    self->days = PR_CASE_DAYS_WORKING;
  else if (days != NULL && !g_str_equal (days, "natural"))
    {
      g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                   _("%s: [calendar] days must be “natural” or “working”, not “%s”"), source, days);
      return NULL;
    }
  if (!read_days (file, "holidays", self->holidays, source, error) ||
      !read_days (file, "workdays", self->workdays, source, error))
    return NULL;

  for (int s = PR_CASE_STATE_UNKNOWN + 1; s < PR_CASE_N_STATES; s++)
    {
      g_auto(GStrv) words = NULL;

      if (g_key_file_has_key (file, "states", states[s].key, NULL))
        words = g_key_file_get_string_list (file, "states", states[s].key, NULL, NULL);
      else
        words = g_strsplit (states[s].words, ";", -1);
      if (words != NULL && !add_words (self, s, words, source, error))
        return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * pr_case_rules_new_from_file:
 * @path: a rules key file (see pr_case_rules_new_from_data())
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the rules, or %NULL with @error
 */
PrCaseRules *
pr_case_rules_new_from_file (const char  *path,
                             GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GError) local_error = NULL;

  if (!g_file_get_contents (path, &data, NULL, &local_error))
    {
      g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                   _("cannot read the rules file: %s"), local_error->message);
      return NULL;
    }
  if (!g_utf8_validate (data, -1, NULL))
    {
      g_set_error (error, PR_CASE_RULES_ERROR, PR_CASE_RULES_ERROR_INVALID,
                   _("%s is not UTF-8 text; save the rules file as UTF-8"), display);
      return NULL;
    }
  return pr_case_rules_new_from_data (data, display, error);
}

/**
 * pr_case_rules_state_of:
 * @rules: the rules
 * @text: (nullable): a state as written (“ 办理中 ”, “办结”)
 *
 * Returns: the state the rules' words give it; %PR_CASE_STATE_UNKNOWN for
 *   none, or for a word they do not list
 */
PrCaseState
pr_case_rules_state_of (const PrCaseRules *self,
                        const char        *text)
{
  g_autofree char *word = NULL;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return PR_CASE_STATE_UNKNOWN;
  word = normalise_word (text);
  return GPOINTER_TO_INT (g_hash_table_lookup (self->words, word));
}

/* The day of a date: its wall time's seconds, floored to whole days. */
gint64
pr_case_day_of (gint64 seconds)
{
  gint64 day = seconds / SECONDS_PER_DAY;

  return seconds % SECONDS_PER_DAY < 0 ? day - 1 : day;
}

/**
 * pr_case_rules_is_working_day:
 * @rules: the rules
 * @day: days since 1970-01-01
 *
 * Returns: whether @day is a working day in the rules' calendar
 */
gboolean
pr_case_rules_is_working_day (const PrCaseRules *self,
                              gint64             day)
{
  /* 1970-01-01 was a Thursday: 0 Monday … 6 Sunday. */
  gint64 weekday = ((day % 7) + 7 + 3) % 7;

  if (g_hash_table_contains (self->workdays, &day))
    return TRUE;
  if (g_hash_table_contains (self->holidays, &day))
    return FALSE;
  return weekday < 5;
}

/**
 * pr_case_rules_add_days:
 * @rules: the rules
 * @day: the day a period starts from (days since 1970-01-01); it does not count
 * @n: the period's length
 *
 * Returns: the period's last day: @day + @n in natural days, the @n-th
 *   working day after @day in working days
 */
gint64
pr_case_rules_add_days (const PrCaseRules *self,
                        gint64             day,
                        guint              n)
{
  if (self->days == PR_CASE_DAYS_NATURAL)
    return day + n;
  while (n > 0)
    {
      day++;
      n -= pr_case_rules_is_working_day (self, day);
    }
  return day;
}

/**
 * pr_case_rules_dispose:
 * @rules: the rules
 * @state: the earlier case's state
 * @earlier_date: the earlier case's record date (seconds), or %PR_DATE_NONE
 * @accepted: the day the earlier case (or the review it is in) was
 *   accepted, or %PR_DATE_NONE
 * @date: the new repeat's date, or %PR_DATE_NONE
 * @out_due: (out) (optional): the last day of the earlier case's current
 *   step (seconds at 00:00), or %PR_DATE_NONE when it has none or it
 *   cannot be told
 *
 * What to do with a new repeat, by the same person on the same facts, of
 * an earlier case (docs/petition-rules.md, "A repeat"). An open case
 * (received, handled, under review) is reminded: within its period, or
 * overdue past its longest one (for handling, the extension included,
 * since whether the case was extended is not recorded). Without the day
 * its step began, an open case is still reminded, but not called overdue.
 *
 * Returns: the disposition
 */
PrDisposition
pr_case_rules_dispose (const PrCaseRules *self,
                       PrCaseState        state,
                       gint64             earlier_date,
                       gint64             accepted,
                       gint64             date,
                       gint64            *out_due)
{
  gint64 from = PR_DATE_NONE;
  guint period = 0, longest = 0;
  gint64 due, last;

  if (out_due != NULL)
    *out_due = PR_DATE_NONE;

  switch (state)
    {
    case PR_CASE_STATE_UNKNOWN:
      return PR_DISPOSITION_NONE;
    case PR_CASE_STATE_FINAL:
      return PR_DISPOSITION_NOT_AGAIN;
    case PR_CASE_STATE_CONCLUDED:
    case PR_CASE_STATE_NOT_ACCEPTED:
      return PR_DISPOSITION_NEW_CASE;
    case PR_CASE_STATE_RECEIVED:
      from = earlier_date;
      period = longest = self->period[ACCEPTANCE];
      break;
    case PR_CASE_STATE_HANDLING:
      from = accepted;
      period = self->period[HANDLING];
      longest = period + self->period[EXTENSION];
      break;
    case PR_CASE_STATE_REVIEW:
      from = accepted;
      period = longest = self->period[REVIEW];
      break;
    case PR_CASE_STATE_FINAL_REVIEW:
      from = accepted;
      period = longest = self->period[FINAL_REVIEW];
      break;
    case PR_CASE_N_STATES:
    default:
      g_return_val_if_reached (PR_DISPOSITION_NONE);
    }

  if (from == PR_DATE_NONE)
    return PR_DISPOSITION_REMIND;
  due = pr_case_rules_add_days (self, pr_case_day_of (from), period);
  last = pr_case_rules_add_days (self, pr_case_day_of (from), longest);
  if (out_due != NULL)
    *out_due = due * SECONDS_PER_DAY;
  if (date != PR_DATE_NONE && pr_case_day_of (date) > last)
    return PR_DISPOSITION_OVERDUE;
  return PR_DISPOSITION_REMIND;
}

PrCaseDays
pr_case_rules_get_days (const PrCaseRules *self)
{
  return self->days;
}

/* The window in which one person's records in one category are offered as
 * "same person, other words". */
guint
pr_case_rules_get_same_person_days (const PrCaseRules *self)
{
  return self->period[SAME_PERSON];
}

/* How close in days the copies of one letter sent to several bodies are. */
guint
pr_case_rules_get_multi_send_days (const PrCaseRules *self)
{
  return self->period[MULTI_SEND];
}

/* Returns: the state's key in the rules file ("handling"), "" for unknown */
const char *
pr_case_state_to_string (PrCaseState state)
{
  g_return_val_if_fail (state < PR_CASE_N_STATES, "");
  return state == PR_CASE_STATE_UNKNOWN ? "" : states[state].key;
}

/* Returns: the disposition's word in the CSV outputs, "" for none */
const char *
pr_disposition_to_string (PrDisposition disposition)
{
  switch (disposition)
    {
    case PR_DISPOSITION_NONE: return "";
    case PR_DISPOSITION_REMIND: return "remind";
    case PR_DISPOSITION_OVERDUE: return "overdue";
    case PR_DISPOSITION_NOT_AGAIN: return "not-again";
    case PR_DISPOSITION_NEW_CASE: return "new-case";
    default: g_return_val_if_reached ("");
    }
}
