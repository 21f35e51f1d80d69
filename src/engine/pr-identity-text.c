/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a scan says of the identity values it read, in the same words on
 * the command line and in the window: the invalid ID card numbers and
 * phones (typing errors an office may want to correct), the numbers Excel
 * saved in scientific notation, the values that lost a character to "?",
 * the masked values, the addresses naming no home, and the front desks'
 * phones, none of which is evidence.
 */
#define G_LOG_DOMAIN "pr-identity"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-identity.h"

static guint64
over_roles (const guint64 counts[PR_IDENTITY_N_ROLES])
{
  guint64 n = 0;

  for (guint r = 0; r < PR_IDENTITY_N_ROLES; r++)
    n += counts[r];
  return n;
}

/**
 * pr_identity_table_describe:
 * @table: (nullable): the identities of a loaded record set
 *
 * Returns: (transfer full) (nullable): one line, or %NULL when there is
 *   nothing to say (no identity column, every value valid)
 */
char *
pr_identity_table_describe (const PrIdentityTable *table)
{
  const PrIdentityStats *stats;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  guint64 n_masked;
  g_autofree char *joined = NULL;

  if (table == NULL)
    return NULL;
  stats = pr_identity_table_get_stats (table);
  n_masked = over_roles (stats->n_masked);

  if (stats->n_invalid[PR_IDENTITY_ID_CARD] > 0)
    g_ptr_array_add (parts, g_strdup_printf (
      ngettext ("%llu ID card number invalid (a wrong check character, birth date or length)",
                "%llu ID card numbers invalid (a wrong check character, birth date or length)",
                (gulong) stats->n_invalid[PR_IDENTITY_ID_CARD]),
      (unsigned long long) stats->n_invalid[PR_IDENTITY_ID_CARD]));
  if (stats->n_invalid[PR_IDENTITY_PHONE] > 0)
    g_ptr_array_add (parts, g_strdup_printf (
      ngettext ("%llu phone value with no valid number", "%llu phone values with no valid number",
                (gulong) stats->n_invalid[PR_IDENTITY_PHONE]),
      (unsigned long long) stats->n_invalid[PR_IDENTITY_PHONE]));
  {
    guint64 n_scientific = over_roles (stats->n_scientific);

    /* Not a typing error: the column was saved from Excel as numbers. */
    if (n_scientific > 0)
      g_ptr_array_add (parts, g_strdup_printf (
        ngettext ("%llu number in Excel's scientific notation (8.6138E+12), whose last digits Excel dropped, so "
                  "it is no evidence: format the ID card, phone and petitioner columns as Text in Excel and save "
                  "the file again",
                  "%llu numbers in Excel's scientific notation (8.6138E+12), whose last digits Excel dropped, so "
                  "they are no evidence: format the ID card, phone and petitioner columns as Text in Excel and save "
                  "the file again",
                  (gulong) n_scientific),
        (unsigned long long) n_scientific));
  }
  {
    guint64 n_lost = over_roles (stats->n_lost);

    /* Not a typing error either: the table's column could not hold it. */
    if (n_lost > 0)
      g_ptr_array_add (parts, g_strdup_printf (
        ngettext ("%llu name, address or petitioner id with a character stored as “?” (王?华: a column in GBK or "
                  "latin1 could not hold a rare character, so 王堃华 and 王喆华 would read the same); store such "
                  "columns as utf8mb4 and type the lost characters again",
                  "%llu names, addresses or petitioner ids with a character stored as “?” (王?华: a column in GBK "
                  "or latin1 could not hold a rare character, so 王堃华 and 王喆华 would read the same); store such "
                  "columns as utf8mb4 and type the lost characters again",
                  (gulong) n_lost),
        (unsigned long long) n_lost));
  }
  if (n_masked > 0)
    g_ptr_array_add (parts, g_strdup_printf (
      ngettext ("%llu masked value (王某某, 138****1234)", "%llu masked values (王某某, 138****1234)", (gulong) n_masked),
      (unsigned long long) n_masked));
  if (stats->n_no_home > 0)
    g_ptr_array_add (parts, g_strdup_printf (
      ngettext ("%llu address naming no home (不详, 同上, 北京市朝阳区), which many people share",
                "%llu addresses naming no home (不详, 同上, 北京市朝阳区), which many people share",
                (gulong) stats->n_no_home),
      (unsigned long long) stats->n_no_home));
  if (stats->n_front_desk_phones > 0)
    g_ptr_array_add (parts, g_strdup_printf (
      ngettext ("%llu phone given with %d names or more (a front desk's: evidence only with an equal name)",
                "%llu phones given with %d names or more (a front desk's: evidence only with an equal name)",
                (gulong) stats->n_front_desk_phones),
      (unsigned long long) stats->n_front_desk_phones, PR_IDENTITY_FRONT_DESK_NAMES));
  if (parts->len == 0)
    return NULL;

  g_ptr_array_add (parts, NULL);
  /* Translators: the list separator of the counts after “Identity:” */
  joined = g_strjoinv (_("; "), (char **) parts->pdata);
  /* Translators: %s is a list of counts such as “3 ID card numbers invalid (…); 12 masked values (…)” */
  return g_strdup_printf (_("Identity: %s; these are no evidence of the same petitioner"), joined);
}
