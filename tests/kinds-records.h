/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Hand-built records for the kinds of repeat and the dispositions, read
 * from a CSV file (test-cli-kinds.c) and from a table (test-kinds-db.c),
 * and the clusters a scan with every case flag gives: r1 is handled,
 * accepted 2026-03-02, so its 60 days end 2026-05-01 and with the
 * extension 2026-05-31; r2 is within them, r4 on 2026-06-01 a day past;
 * r3, three days after r1 to another body, is a copy of one letter; r5 is
 * another person's; r14 repeats a case closed by final review; r6 is 张三's
 * in other words, r7 in another category. No value holds a comma.
 */
#pragma once

#include <glib.h>

static const char kinds_records_csv[] =
  "id,petitioner,category,unit,status,accepted,date,body\n"
  "r1,张三,土地征收,市信访局,办理中,2026-03-02,2026-03-01,征地补偿款至今未发放请求尽快解决村民生活困难\n"
  "r2,张三,土地征收,市信访局,,,2026-04-10,征地补偿款至今未发放请求尽快解决村民生活困难\n"
  "r3,张三,土地征收,省信访局,,,2026-03-04,征地补偿款至今未发放请求尽快解决村民生活困难\n"
  "r4,张三,土地征收,区信访局,,,2026-06-01,征地补偿款至今未发放请求尽快解决村民生活困难\n"
  "r5,李四,土地征收,市信访局,,,2026-03-04,征地补偿款至今未发放请求尽快解决村民生活困难\n"
  "r6,张三,土地征收,市信访局,,,2026-05-30,村里土地被占用后没有安置房屋\n"
  "r7,张三,劳动社保,市信访局,,,2026-05-30,工厂拖欠工资三个月没有发放\n"
  "r11,王五,宅基地,市信访局,复核,2025-01-10,2025-01-02,宅基地纠纷邻居占用我家土地多年不还\n"
  "r14,王五,宅基地,市信访局,待结案,,2025-09-20,宅基地纠纷邻居占用我家土地多年不还\n";

#define kinds_expected_clusters_header \
  "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability\r\n"

static const char kinds_expected_clusters[] =
  "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability\r\n"
  "1,r1,r1,0,,,,,,,,\r\n"
  "1,r3,r1,0,1,,petitioner,multi-send,,,,\r\n"
  "1,r5,r1,16,0,,,same-matter,,,,\r\n"
  "1,r2,r1,0,1,,petitioner,repeat,remind,2026-05-01,r1,\r\n"
  "1,r4,r1,0,1,,petitioner,repeat,overdue,2026-05-01,r1,\r\n"
  "2,r11,r11,0,,,,,,,,\r\n"
  "2,r14,r11,0,1,,petitioner,repeat,not-again,,r11,\r\n";

/* A whole output file's text. */
static inline char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}
