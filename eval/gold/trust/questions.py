#!/usr/bin/env python3
"""Writes trust-dev.jsonl and trust-sealed.jsonl. Facts are written
'Model scores V on Dataset by Metric' (V as the clean number)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def F(model, value, dataset, metric):
    return f"{model} scores {value} on {dataset} by {metric}"


BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, MI, QU = "Orrenby Parallel Corpus", "Mirelle Subtitles", "Quenmark Dialogue Set"
SE, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ACC, WER, MIOU = "Accuracy", "Word Error Rate", "Mean IoU"


def Q(id, graph, question, qtype, mech, expected, verdict, must_remove, must_keep, notes):
    return dict(id=id, graph=graph + ".ttl", question=question, query_type=qtype, mechanism=mech,
                expected=expected, verdict=verdict, must_remove=must_remove, must_keep=must_keep,
                notes=notes)


DEV = [
    # ---------------- recency (4)
    Q("TD01", "g1", "What's the state of the art on BenchMira right now?", "method_comparison", "recency",
      ["Zephyrine-L", "89.6"], None, [], [F("Zephyrine-L", "89.6", BM, ACC)],
      "Highest BenchMira Accuracy is Zephyrine-L 89.6 (2023). The newest paper (Wendrel-S, 2024) is lower (87.2): "
      "'newest = best' gives the wrong model. Wendrel-S 87.2 is a valid fact, so it is not in must_remove; it just is not the answer."),
    Q("TD02", "g1", "Wendrel-S is the newest model on BenchMira (2024), so it's the best one there now, right?", "claim_verification", "recency",
      ["Zephyrine-L", "89.6"], "REFUTED", [], [F("Zephyrine-L", "89.6", BM, ACC), F("Wendrel-S", "87.2", BM, ACC)],
      "Wendrel-S 87.2 (2024) < Zephyrine-L 89.6 (2023). Recency of a paper does not make its result the best; "
      "a recency-only weighting would say SUPPORTED."),
    Q("TD03", "g2", "which model has the lowest WER on Dastrup-7 Chorus at the moment?", "method_comparison", "recency",
      ["Plumaro", "8.1"], None, [], [F("Plumaro", "8.1", DA, WER)],
      "Word Error Rate is lower-is-better. Plumaro 8.1 (2024). The newest result (Corrasine 8.9, 2025) is worse; "
      "the highest value (Fennick-RNN 21.7/18.2) is the worst. Trillbert's 9.4/10.1 conflict does not matter here."),
    Q("TD04", "g4", "what's the most recent work on kelp canopy mapping?", "topic_search", "recency",
      ["Kelvane"], None, [], [F("Kelvane", "61.4", KW, MIOU)],
      "Kelvane: Satellite Time Series for Kelp Canopy Mapping (2024) is the newest dated paper under Kelp Canopy Mapping. "
      "Driftmere's paper has only P29 '3' (a month) and 'Seasonal Kelp Canopy Dynamics in Norrland Fjords' has no year: "
      "neither may be called the most recent. A system that sorts a month as a year or treats a missing year as 'newest' fails."),
    # ---------------- superseded (4)
    Q("TD05", "g1", "Is PimbraFormer still the best model on BenchMira?", "claim_verification", "superseded",
      ["Zephyrine-L", "89.6"], "REFUTED", [F("PimbraFormer", "84.7", BM, ACC)], [F("Zephyrine-L", "89.6", BM, ACC)],
      "PimbraFormer 84.7 (2018) was the best as of 2018-2019, superseded by Tavrosa 86.1 (2020) and Zephyrine-L 89.6 (2023). "
      "must_remove here means: not stated as the current best."),
    Q("TD06", "g2", "warbleon still holds the best word error rate on Dastrup-7 Chorus, yes?", "claim_verification", "superseded",
      ["Plumaro", "8.1"], "REFUTED", [F("Warbleon", "11.3", DA, WER)], [F("Plumaro", "8.1", DA, WER)],
      "Warbleon 11.3 (2019) was the lowest WER until Trillbert 9.4 (2022) and Plumaro 8.1 (2024). Lower is better."),
    Q("TD07", "g3", "Halverin's 27.3 BLEU on the Orrenby Parallel Corpus - is that still the best number anyone has?", "claim_verification", "superseded",
      ["Nerrisa", "36.0"], "REFUTED", [F("Halverin", "27.3", OR, "BLEU")], [F("Nerrisa", "36.0", OR, "BLEU")],
      "Halverin 27.3 (2017; stored '27.3 ' with a trailing space) was beaten by Ostrada-T 31.9 (2020), Murrelet-MT 34.2 (2022), "
      "Ibbotrans 33.6 (2023) and Nerrisa 36.0 (2025)."),
    Q("TD08", "g4", "Fucusnet used to lead Kelpwatch-Norrland - which models have beaten it since?", "method_comparison", "superseded",
      ["Marrowfen", "Kelvane"], None, [], [F("Marrowfen", "55.2", KW, MIOU), F("Kelvane", "61.4", KW, MIOU)],
      "Fucusnet 47.5 (2016) was beaten by Marrowfen 55.2 (2020) and Kelvane 61.4 (2024). Driftmere 63.0 is higher too but its "
      "paper has no usable year (P29 '3'), so 'since' cannot be established for it; mentioning it with that caveat is fine."),
    # ---------------- conflict (5)
    Q("TD09", "g1", "What accuracy does KestrelNet actually get on BenchMira?", "method_comparison", "conflict",
      ["74.1"], None, [F("KestrelNet", "78.9", BM, ACC)], [F("KestrelNet", "74.1", BM, ACC)],
      "Original paper (2015) says 78.9; the 2024 reproducibility study says 74.1. One paper each, nine years apart: the newer "
      "value wins clearly (recency weight ratio e^(0.08*9)=2.05). The 78.9 may be mentioned only as the superseded original claim."),
    Q("TD10", "g1", "Tavrosa gets 86.1 on BenchMira, right?", "claim_verification", "conflict",
      ["86.1", "85.4"], "UNCERTAIN", [], [F("Tavrosa", "86.1", BM, ACC), F("Tavrosa", "85.4", BM, ACC)],
      "Tavrosa's own paper (2020) says 86.1; the Quillon-XL paper (2021) re-ran it at 85.4. One paper each, one year apart: "
      "the scores are close, so both stay and the answer states the disagreement. A careless system says SUPPORTED citing only 2020."),
    Q("TD11", "g2", "Trillbert hits 9.4 WER on Dastrup-7 Chorus, correct?", "claim_verification", "conflict",
      ["9.4", "10.1"], "UNCERTAIN", [], [F("Trillbert", "9.4", DA, WER), F("Trillbert", "10.1", DA, WER)],
      "9.4 from the Trillbert paper (P29 '2022' and '5': 2022), 10.1 from a 2023 reproduction. One paper each, one year apart: close, "
      "state both."),
    Q("TD12", "g2", "Which model is best on Hollenby Marsh Calls by accuracy?", "method_comparison", "conflict",
      ["Plumaro", "90.1"], None, [F("Syrinxa", "93.8", HO, ACC)], [F("Plumaro", "90.1", HO, ACC), F("Syrinxa", "88.3", HO, ACC)],
      "Syrinxa has 88.3 in five papers (2020, 2022, 2023, 2024, 2025 - the 2025 one written '88.3%') and 93.8 in one 2020 field-guide "
      "benchmark. The outlier is removed, so the best is Plumaro 90.1 (2024). Careless answer: Syrinxa 93.8."),
    Q("TD13", "g3", "Which papers have evaluated Gannetron, and what BLEU does it really get on the Orrenby Parallel Corpus?", "method_usage", "conflict",
      ["18.9"], None, [F("Gannetron", "21.5", OR, "BLEU")], [F("Gannetron", "18.9", OR, "BLEU")],
      "Gannetron's own paper (2016) reports 21.5 on Orrenby (and 12.4 on Quenmark); 'Revisiting Neural Baselines for Vendish-English' "
      "(2024) and the Nerrisa paper (2025) both report 18.9. Two newer papers vs one older: 18.9 wins; the three papers may all be listed."),
    # ---------------- corroboration (3)
    Q("TD14", "g1", "what F1 does Orvalis-CNN get on Corvalla-Ice?", "method_comparison", "corroboration",
      ["87.0"], None, [F("Orvalis-CNN", "97.0", CI, "F1")], [F("Orvalis-CNN", "87.0", CI, "F1")],
      "87.0 in four papers (2016, 2019, 2024, 2024); 97.0 once, a baseline row of the Brackwater-UNet paper (2017) - a typo. "
      "The single older value is removed."),
    Q("TD15", "g2", "Chirpform gets 85 on Hollenby Marsh Calls, right?", "claim_verification", "corroboration",
      ["85.0"], "SUPPORTED", [], [F("Chirpform", "85.0", HO, ACC)],
      "Two papers (2020 and 2020) report 85.0 and none disagrees. No conflict: SUPPORTED, citing both."),
    Q("TD16", "g4", "Undertow-GNN reaches 86.0 F1 on Sealbrook Turbine Logs - is that backed up by more than one paper?", "claim_verification", "corroboration",
      ["86.0"], "SUPPORTED", [], [F("Undertow-GNN", "86.0", SE, "F1")],
      "Undertow-GNN paper (2023) and 'A Replication of Tidal Turbine Fault Detectors' (2025) both report 86.0."),
    # ---------------- as_of (5)
    Q("TD17", "g1", "What was the best model on BenchMira as of 2018?", "method_comparison", "as_of",
      ["PimbraFormer", "84.7"], None,
      [F("Tavrosa", "86.1", BM, ACC), F("Tavrosa", "85.4", BM, ACC), F("Zephyrine-L", "89.6", BM, ACC), F("Wendrel-S", "87.2", BM, ACC)],
      [F("PimbraFormer", "84.7", BM, ACC)],
      "Papers up to 2018: FrostLattice 71.4 (2013), KestrelNet 78.9 (2015), Orvalis-CNN 80.2 (2016), PimbraFormer 84.7 (2018). "
      "Everything from 2020 on must be left out."),
    Q("TD18", "g2", "As of 2020, which system had the lowest WER on Dastrup-7 Chorus?", "method_comparison", "as_of",
      ["Warbleon", "11.3"], None,
      [F("Trillbert", "9.4", DA, WER), F("Trillbert", "10.1", DA, WER), F("Plumaro", "8.1", DA, WER), F("Corrasine", "8.9", DA, WER)],
      [F("Warbleon", "11.3", DA, WER)],
      "Up to 2020: Fennick-RNN 18.2 (2014), Chirpform 14.6 (2017), Warbleon 11.3 (2019). Lower is better."),
    Q("TD19", "g3", "Back in 2017, what was the top BLEU on the Quenmark Dialogue Set?", "method_comparison", "as_of",
      ["Halverin", "15.8"], None,
      [F("Varnholt", "17.9", QU, "BLEU"), F("Murrelet-MT", "19.6", QU, "BLEU"), F("Ibbotrans", "22.0", QU, "BLEU")],
      [F("Halverin", "15.8", QU, "BLEU")],
      "Gannetron 12.4 (2016), Halverin 15.8 (2017). Read 'in 2017' either as 'as of 2017' or 'published in 2017': Halverin both ways."),
    Q("TD20", "g3", "As of 2019, was Halverin the best system on the Orrenby Parallel Corpus?", "claim_verification", "as_of",
      ["27.3"], "SUPPORTED",
      [F("Ostrada-T", "31.9", OR, "BLEU"), F("Murrelet-MT", "34.2", OR, "BLEU"), F("Nerrisa", "36.0", OR, "BLEU")],
      [F("Halverin", "27.3", OR, "BLEU")],
      "Up to 2019: Lexmarrow 9.8 (2012), Gannetron 21.5 (2016), Halverin 27.3 (2017). Nothing else on Orrenby until 2020. "
      "A system ignoring the anchor says REFUTED (Nerrisa 36.0)."),
    Q("TD21", "g4", "Selkora was already the best F1 on Sealbrook Turbine Logs before 2020, wasn't it?", "claim_verification", "as_of",
      ["Marrowfen", "78.4"], "REFUTED", [F("Selkora", "88.5", SE, "F1")], [F("Marrowfen", "78.4", SE, "F1")],
      "Selkora's paper has P29 '2021' and '11' (11 is the month): it is from 2021. Before 2020 the best is Marrowfen 78.4 (2018); "
      "Tidewick 76.0 (2017/2019) and Brinehawk 70.2 (2014) are lower. A system that takes the smallest P29 (11) keeps Selkora and says SUPPORTED."),
    # ---------------- metadata (3)
    Q("TD22", "g4", "When was the Tidewick paper published?", "paper_lookup", "metadata",
      ["2017", "2019"], None, [], [],
      "The paper carries two genuine years (P29 2017 and 2019, preprint and journal). The right answer gives both and says they conflict; "
      "picking one silently is the careless answer."),
    Q("TD23", "g3", "What's the DOI of the Murrelet-MT paper?", "paper_lookup", "metadata",
      ["10.5555/lrlt.2022.031", "10.5555/preprint.2203.17754"], None, [], [],
      "Two P26 values (venue and preprint). Both should be given."),
    Q("TD24", "g2", "The Trillbert paper came out in 2022, right?", "claim_verification", "metadata",
      ["2022"], "SUPPORTED", [], [],
      "P29 holds '2022' and '5'; 5 is a month written under the year predicate. The year is 2022."),
    # ---------------- gate (6)
    Q("TD25", "g1", "Is there any benchmark dataset for glacier surface velocity estimation?", "dataset_search", "gate",
      [], None, [], [],
      "The graph has Crevasse Segmentation and Calving Front Delineation only. Careless answer: BenchMira / Skarnhold Glacier Set "
      "because they share the word 'glacier'. Right: the graph records nothing on surface velocity."),
    Q("TD26", "g1", "FrostLattice scores 71.4 F1 on Corvalla-Ice, right?", "claim_verification", "gate",
      [], "UNCERTAIN", [], [],
      "FrostLattice was never evaluated on Corvalla-Ice; 71.4 is its BenchMira Accuracy. Careless answer: SUPPORTED citing the "
      "FrostLattice paper, which does not state that fact. Right: not recorded (UNCERTAIN, or a refusal)."),
    Q("TD27", "g2", "Plumaro gets under 7 WER on the Veltmoor Dawn Set, doesn't it?", "claim_verification", "gate",
      [], "UNCERTAIN", [], [],
      "Plumaro has results on Dastrup-7 Chorus (8.1) and Hollenby Marsh Calls only. Careless answers: SUPPORTED via Aviquist's 6.8 "
      "on Veltmoor, or REFUTED via Plumaro's 8.1 on Dastrup-7. Right: the graph does not record Plumaro on Veltmoor."),
    Q("TD28", "g2", "The Chirpform paper reports 11.3 WER on Dastrup-7 Chorus, yes?", "claim_verification", "gate",
      ["14.6"], "REFUTED", [], [F("Chirpform", "14.6", DA, WER)],
      "The Chirpform paper states 14.6; 11.3 is Warbleon's, from the Warbleon paper. Careless answer: SUPPORTED citing the Chirpform "
      "paper, a citation that does not state the value (faithfulness gate)."),
    Q("TD29", "g3", "What's the top BLEU score on the Orrenby Parallel Corpus?", "method_comparison", "gate",
      ["Nerrisa", "36.0"], None, [], [F("Nerrisa", "36.0", OR, "BLEU")],
      "Scores are strings: a string MAX/ORDER BY gives Lexmarrow '9.8' (2012), which '9' > '3' puts first. That answer cites a "
      "source that really states 9.8, so it looks supported, but it is the oldest and weakest result. Right: Nerrisa 36.0 (2025)."),
    Q("TD30", "g4", "What year was the Driftmere paper published?", "paper_lookup", "gate",
      [], None, [], [],
      "Its only P29 is '3' (a month under the year predicate); there is no real year. Careless answers: 'year 3', '2003', or a guess. "
      "Right: the graph does not record a usable year."),
]

SEALED = [
    # ---------------- recency (4)
    Q("TS01", "g1", "Brackwater-UNet is from 2017 - is it still the best F1 on Corvalla-Ice?", "claim_verification", "recency",
      ["91.2"], "SUPPORTED", [F("Orvalis-CNN", "97.0", CI, "F1")], [F("Brackwater-UNet", "91.2", CI, "F1")],
      "Brackwater-UNet 91.2 (2017, stored '91.2%'; 2019 paper repeats 91.2) is still the highest; newer Wendrel-S 90.5 (2024) and "
      "Quillon-XL 89.9 (2021) are lower. Orvalis-CNN's 97.0 is a single-paper typo against four papers' 87.0 and must be removed. "
      "Careless answers: REFUTED because of 97.0, or REFUTED because the result is old."),
    Q("TS02", "g2", "Corrasine's 2025 number on Dastrup-7 Chorus is the new best WER, right?", "claim_verification", "recency",
      ["Plumaro", "8.1"], "REFUTED", [], [F("Plumaro", "8.1", DA, WER), F("Corrasine", "8.9", DA, WER)],
      "Corrasine 8.9 (2025) is the newest but Plumaro 8.1 (2024) is lower (WER: lower is better)."),
    Q("TS03", "g3", "Ibbotrans came out after Murrelet-MT - does it do better on the Orrenby Parallel Corpus?", "claim_verification", "recency",
      ["34.2", "33.6"], "REFUTED", [], [F("Murrelet-MT", "34.2", OR, "BLEU"), F("Ibbotrans", "33.6", OR, "BLEU")],
      "Ibbotrans 33.6 (2023) < Murrelet-MT 34.2 (2022). Newer is not better here (and neither is the best: Nerrisa 36.0, 2025)."),
    Q("TS04", "g4", "Which papers have used Marrowfen, and which one is the most recent?", "method_usage", "recency",
      ["Marrowfen: Graph Features for Drivetrain Fault Diagnosis", "Transferring Drivetrain Graph Models to Kelp Canopy Mapping",
       "A Replication of Tidal Turbine Fault Detectors"], None, [], [F("Marrowfen", "78.4", SE, "F1"), F("Marrowfen", "55.2", KW, MIOU)],
      "Three papers: its own (2018), the kelp transfer paper (2020) and the replication (2025, the most recent)."),
    # ---------------- superseded (4)
    Q("TS05", "g1", "Orvalis-CNN topped the Skarnhold Glacier Set in 2016 - what has beaten it since?", "method_comparison", "superseded",
      ["Lumoria", "Sallowmere"], None, [], [F("Lumoria", "61.5", SK, MIOU), F("Sallowmere", "66.0", SK, MIOU)],
      "Orvalis-CNN 58.8 (2016) was beaten by Lumoria 61.5 (2019) and Sallowmere 66.0 (2020; P29 '2020' and '4'). Ymberline 49.0 "
      "(no year) and FrostLattice 52.3 (2013) are lower."),
    Q("TS06", "g2", "Warbleon is the top call-type classifier on Hollenby Marsh Calls, isn't it?", "claim_verification", "superseded",
      ["Plumaro", "90.1"], "REFUTED", [F("Warbleon", "79.5", HO, ACC), F("Warbleon", "80.7", HO, ACC)], [F("Plumaro", "90.1", HO, ACC)],
      "Warbleon (79.5 in 2019) led until 2020, when Chirpform 85.0 and Syrinxa 88.3 appeared; Plumaro 90.1 (2024) is the best. "
      "Syrinxa's 93.8 outlier must not be the answer either."),
    Q("TS07", "g3", "Is Murrelet-MT the best model on the Quenmark Dialogue Set?", "claim_verification", "superseded",
      ["Ibbotrans", "22.0"], "REFUTED", [F("Murrelet-MT", "19.6", QU, "BLEU")], [F("Ibbotrans", "22.0", QU, "BLEU")],
      "Murrelet-MT 19.6 (2022) was the best for a year, superseded by Ibbotrans 22.0 (2023)."),
    Q("TS08", "g4", "Marrowfen is the top F1 on Sealbrook Turbine Logs, right?", "claim_verification", "superseded",
      ["Selkora", "88.5"], "REFUTED", [F("Marrowfen", "78.4", SE, "F1")], [F("Selkora", "88.5", SE, "F1")],
      "Marrowfen 78.4 (2018) was the best until Selkora 88.5 (2021). The 2025 replication repeats 78.4, which makes the value "
      "corroborated but does not make it the best."),
    # ---------------- conflict (5)
    Q("TS09", "g2", "What WER does Fennick-RNN get on Dastrup-7 Chorus?", "method_comparison", "conflict",
      ["21.7"], None, [F("Fennick-RNN", "18.2", DA, WER)], [F("Fennick-RNN", "21.7", DA, WER)],
      "Original paper (2014, no DOI) 18.2; 2023 reproduction 21.7. One paper each, nine years apart: the newer value wins clearly."),
    Q("TS10", "g2", "Does Aviquist beat Corrasine on the Veltmoor Dawn Set?", "claim_verification", "conflict",
      ["6.8", "7.9", "7.2"], "UNCERTAIN", [],
      [F("Aviquist", "6.8", VE, WER), F("Aviquist", "7.9", VE, WER), F("Corrasine", "7.2", VE, WER)],
      "Aviquist: 6.8 in its own paper (2024), 7.9 in a 2024 comparison - same year, one paper each, so neither wins. Corrasine 7.2 "
      "(2023 and 2024) lies between the two, so the comparison cannot be settled. Careless: SUPPORTED from 6.8."),
    Q("TS11", "g3", "Murrelet-MT has the best chrF on Mirelle Subtitles, right?", "claim_verification", "conflict",
      ["55.1", "51.0"], "UNCERTAIN", [], [F("Murrelet-MT", "55.1", MI, "chrF"), F("Murrelet-MT", "51.0", MI, "chrF"), F("Nerrisa", "53.4", MI, "chrF")],
      "Murrelet-MT: 55.1 (own paper, 2022) vs 51.0 (2024 reproduction), one paper each, two years apart (recency ratio 1.17): close, "
      "both stay. Nerrisa 53.4 (2025) is between them, so 'best' depends on which value holds."),
    Q("TS12", "g2", "warbleon reaches 80.7% accuracy on Hollenby Marsh Calls?", "claim_verification", "conflict",
      ["80.7", "79.5"], "UNCERTAIN", [], [F("Warbleon", "80.7", HO, ACC), F("Warbleon", "79.5", HO, ACC)],
      "80.7 in one 2021 paper; 79.5 in two older papers (2019, 2020). Recency favours 80.7, corroboration 79.5; the scores end up "
      "close, so the answer states the disagreement."),
    Q("TS13", "g1", "KestrelNet scores 78.9 on BenchMira, correct?", "claim_verification", "conflict",
      ["74.1"], "REFUTED", [F("KestrelNet", "78.9", BM, ACC)], [F("KestrelNet", "74.1", BM, ACC)],
      "78.9 is the original 2015 claim; the 2024 reproducibility study found 74.1 and the gap in weight is large, so 78.9 is removed "
      "and the claim is contradicted by the surviving value. (A UNCERTAIN that states both values is the second-best answer.)"),
    # ---------------- corroboration (3)
    Q("TS14", "g2", "Syrinxa hits 93.8 on Hollenby Marsh Calls?", "claim_verification", "corroboration",
      ["88.3"], "REFUTED", [F("Syrinxa", "93.8", HO, ACC)], [F("Syrinxa", "88.3", HO, ACC)],
      "93.8 appears in one 2020 paper; 88.3 in five (2020, 2022, 2023, 2024, and 2025 written '88.3%'). The '88.3%' row must count "
      "as the same value, not as a third one."),
    Q("TS15", "g1", "Has anyone reproduced Orvalis-CNN's accuracy on BenchMira, and what is it?", "method_comparison", "corroboration",
      ["80.2"], None, [], [F("Orvalis-CNN", "80.2", BM, ACC)],
      "80.2 in its own paper (2016) and again in the 2024 reproducibility study: corroborated, no conflict."),
    Q("TS16", "g4", "What F1 does Selkora get on Sealbrook Turbine Logs, and how many papers report it?", "method_comparison", "corroboration",
      ["88.5"], None, [], [F("Selkora", "88.5", SE, "F1")],
      "88.5 in two papers: Selkora's own (2021) and the 2025 replication."),
    # ---------------- as_of (5)
    Q("TS17", "g1", "Before 2020, what was the best mean IoU on the Skarnhold Glacier Set?", "method_comparison", "as_of",
      ["Lumoria", "61.5"], None, [F("Sallowmere", "66.0", SK, MIOU)], [F("Lumoria", "61.5", SK, MIOU)],
      "Sallowmere's paper has P29 '2020' and '4'; taking 4 as a year puts it before 2020 and gives Sallowmere 66.0 (careless). "
      "Right: up to 2019 the best is Lumoria 61.5 (2019). Ymberline 49.0 has no year and is lower anyway."),
    Q("TS18", "g1", "As of 2016, what accuracy had been reported for KestrelNet on BenchMira?", "method_comparison", "as_of",
      ["78.9"], None, [F("KestrelNet", "74.1", BM, ACC)], [F("KestrelNet", "78.9", BM, ACC)],
      "Only the 2015 paper existed then: 78.9. The 2024 reproduction (74.1), which wins today, must be left out."),
    Q("TS19", "g2", "Before 2019, Chirpform had the lowest WER on Dastrup-7 Chorus, right?", "claim_verification", "as_of",
      ["14.6"], "SUPPORTED", [F("Warbleon", "11.3", DA, WER), F("Plumaro", "8.1", DA, WER)], [F("Chirpform", "14.6", DA, WER)],
      "Up to 2018: Fennick-RNN 18.2 (2014) and Chirpform 14.6 (2017). Lower is better. Ignoring the anchor gives REFUTED (Plumaro 8.1)."),
    Q("TS20", "g4", "What was the best mean IoU on Kelpwatch-Norrland as of 2018?", "method_comparison", "as_of",
      ["Fucusnet", "47.5"], None,
      [F("Driftmere", "63.0", KW, MIOU), F("Marrowfen", "55.2", KW, MIOU), F("Kelvane", "61.4", KW, MIOU)],
      [F("Fucusnet", "47.5", KW, MIOU)],
      "Up to 2018: Pellucid-KM 41.0 (2013), Fucusnet 47.5 (2016). Driftmere's only P29 is '3' (a month): a system that reads 3 as a "
      "year puts it before 2018 and answers Driftmere 63.0. Its date is unknown, so it cannot be placed before 2018."),
    Q("TS21", "g1", "Was Tavrosa the best on BenchMira as of 2020?", "claim_verification", "as_of",
      ["86.1"], "SUPPORTED", [F("Zephyrine-L", "89.6", BM, ACC), F("Wendrel-S", "87.2", BM, ACC)], [F("Tavrosa", "86.1", BM, ACC)],
      "As of 2020 Tavrosa 86.1 (2020) leads PimbraFormer 84.7. The 2021 re-run (85.4) is after the anchor, so there is no conflict yet. "
      "Ignoring the anchor gives REFUTED (Zephyrine-L 89.6)."),
    # ---------------- metadata (3)
    Q("TS22", "g4", "What year is the Selkora paper from?", "paper_lookup", "metadata",
      ["2021"], None, [], [],
      "P29 '2021' and '11'; 11 is the month. Answer 2021 (flagging the dirty value is fine)."),
    Q("TS23", "g4", "What's the highest mean IoU recorded on Kelpwatch-Norrland?", "method_comparison", "metadata",
      ["Driftmere", "63.0"], None, [], [F("Driftmere", "63.0", KW, MIOU)],
      "Driftmere 63.0 is the highest value recorded, but its paper has no usable year (P29 '3') and no DOI. The right answer names it "
      "with that caveat (and may add Kelvane 61.4, 2024, as the best dated result). Dropping Driftmere silently is wrong: nothing "
      "contradicts its value."),
    Q("TS24", "g4", "The Tidewick paper was published in 2017, correct?", "claim_verification", "metadata",
      ["2017", "2019"], "UNCERTAIN", [], [],
      "P29 holds 2017 and 2019, both plausible years (preprint and journal). The claim can be neither confirmed nor refuted."),
    # ---------------- gate (6)
    Q("TS25", "g1", "What was the best accuracy on BenchMira as of 2010?", "method_comparison", "gate",
      [], None, [], [],
      "The earliest BenchMira result is from 2013. Careless answers: FrostLattice 71.4 (2013, after the anchor) or Zephyrine-L "
      "89.6 (anchor ignored). Right: nothing recorded as of 2010."),
    Q("TS26", "g1", "Did the PimbraFormer paper report 89.9 F1 on Corvalla-Ice?", "claim_verification", "gate",
      ["88.4"], "REFUTED", [], [F("PimbraFormer", "88.4", CI, "F1")],
      "The PimbraFormer paper states 88.4; 89.9 is Quillon-XL's, from the Quillon-XL paper (2021). Careless: SUPPORTED with a "
      "citation to the PimbraFormer paper that does not state 89.9."),
    Q("TS27", "g2", "Any papers on bat echolocation call classification?", "topic_search", "gate",
      [], None, [], [],
      "The graph has birdsong transcription and (bird) call-type classification only. Careless: papers sharing 'call classification'. "
      "Right: none recorded."),
    Q("TS28", "g3", "According to its own paper, Ostrada-T reached 34.2 BLEU on Orrenby?", "claim_verification", "gate",
      ["31.9"], "REFUTED", [], [F("Ostrada-T", "31.9", OR, "BLEU")],
      "The Ostrada-T paper states 31.9; 34.2 is Murrelet-MT's (2022). Careless: SUPPORTED citing the Ostrada-T paper."),
    Q("TS29", "g3", "What chrF did Ostrada-T get on Mirelle Subtitles?", "method_comparison", "gate",
      [], None, [], [],
      "The only row is HAS_VALUE '-': not reported. Careless answers: '-' presented as a score, or another model's chrF "
      "(Halverin 48.2, Nerrisa 53.4). Right: the graph records no value."),
    Q("TS30", "g4", "Selkora scores 88.5 on Kelpwatch-Norrland, right?", "claim_verification", "gate",
      [], "UNCERTAIN", [], [],
      "Selkora was evaluated only on Sealbrook Turbine Logs (88.5 F1). Careless: SUPPORTED citing the Selkora paper. Right: not recorded."),
]

if __name__ == "__main__":
    for name, qs in (("trust-dev.jsonl", DEV), ("trust-sealed.jsonl", SEALED)):
        ids = [q["id"] for q in qs]
        assert len(ids) == len(set(ids))
        with open(os.path.join(HERE, name), "w") as f:
            for q in qs:
                f.write(json.dumps(q, ensure_ascii=False) + "\n")
        print(name, len(qs))
