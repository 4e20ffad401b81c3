#!/usr/bin/env python3
"""Writes the four trust fixture graphs g1.ttl .. g4.ttl (ORKG dump shape, see README.md).

Everything is invented: models, datasets, titles, DOIs (prefix 10.5555, the test prefix).
IRIs: orkgr:R96<g><kind><nn>, g = graph 1..4, kind = 0 field, 1 problem, 2 dataset,
3 metric, 4 model, 5 paper, 6 contribution, 7 benchmark, 8 evaluation.

A paper is (key, title, years, dois, field, contributions); years/dois are lists so that a
paper can have none, one or two P29 / P26 values (the deliberate dirt). A contribution is
(model or None, problem, [(dataset, metric, value string), ...]). Values are written
exactly as given (dirty strings included).
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

GRAPHS = {}

# --------------------------------------------------------------------------------------
# g1: cryosphere remote sensing. Recency, superseded bests, as-of anchors, a typo outlier,
# a clear and a close conflict, a month stored as a year, a missing year, a missing DOI.
# --------------------------------------------------------------------------------------
CRE = "Crevasse Segmentation"
CAL = "Calving Front Delineation"
GRAPHS["g1"] = dict(
    field="Cryosphere Remote Sensing",
    problems=[CRE, CAL],
    datasets=["BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"],
    metrics=["Accuracy", "F1", "Mean IoU"],
    papers=[
        ("P01", "FrostLattice: Lattice Features for Crevasse Mapping in Radar Mosaics", [2013], ["10.5555/cryors.2013.017"], [
            ("FrostLattice", CRE, [("BenchMira", "Accuracy", "71.4"), ("Skarnhold Glacier Set", "Mean IoU", "52.3")])]),
        ("P02", "KestrelNet: Shallow Convolutions for Crevasse Field Segmentation", [2015], ["10.5555/cryors.2015.044"], [
            ("KestrelNet", CRE, [("BenchMira", "Accuracy", "78.9")])]),
        ("P03", "Orvalis-CNN: Multi-Scale Context for Glacier Surface Segmentation", [2016], ["10.5555/cryors.2016.102"], [
            ("Orvalis-CNN", CRE, [("BenchMira", "Accuracy", "80.2"), ("Skarnhold Glacier Set", "Mean IoU", "58.8")]),
            ("Orvalis-CNN", CAL, [("Corvalla-Ice", "F1", "87.0")])]),
        ("P10", "Brackwater-UNet: Boundary-Aware Calving Front Delineation", [2017], ["10.5555/cryors.2017.231"], [
            ("Brackwater-UNet", CAL, [("Corvalla-Ice", "F1", "91.2%")]),
            # baseline row with a transcription typo: 97.0 for 87.0
            ("Orvalis-CNN", CAL, [("Corvalla-Ice", "F1", "97.0")])]),
        ("P04", "PimbraFormer: Attention over Polar Radar Tiles", [2018], ["10.5555/cryors.2018.078"], [
            ("PimbraFormer", CRE, [("BenchMira", "Accuracy", "84.7")]),
            ("PimbraFormer", CAL, [("Corvalla-Ice", "F1", "88.4")])]),
        ("P11", "Lumoria: Self-Supervised Pretraining for Glacier Imagery", [2019], ["10.5555/cryors.2019.140"], [
            ("Lumoria", CRE, [("Skarnhold Glacier Set", "Mean IoU", "61.5")])]),
        ("P14", "Benchmarking Calving Front Detectors Across Seasons", [2019], ["10.5555/cryors.2019.186"], [
            ("Orvalis-CNN", CAL, [("Corvalla-Ice", "F1", "87.0")]),
            ("Brackwater-UNet", CAL, [("Corvalla-Ice", "F1", "91.2")])]),
        # no DOI
        ("P05", "Tavrosa: Temporal Aggregation for Crevasse Detection in Sentinel Time Series", [2020], [], [
            ("Tavrosa", CRE, [("BenchMira", "Accuracy", "86.1")])]),
        # the month (4) written under the year predicate as well
        ("P12", "Sallowmere: Weakly Supervised Crevasse Segmentation from Sparse Labels", [2020, 4], ["10.5555/cryors.2020.311"], [
            ("Sallowmere", CRE, [("Skarnhold Glacier Set", "Mean IoU", "66.0")])]),
        ("P06", "Quillon-XL: Scaling Ice Segmentation Backbones", [2021], ["10.5555/cryors.2021.052"], [
            ("Quillon-XL", CRE, [("BenchMira", "Accuracy", "83.0")]),
            ("Quillon-XL", CAL, [("Corvalla-Ice", "F1", "89.9")]),
            # baseline re-run of Tavrosa, close to the original 86.1
            ("Tavrosa", CRE, [("BenchMira", "Accuracy", "85.4")])]),
        ("P07", "Zephyrine: Foundation Features for Cryosphere Imagery", [2023], ["10.5555/cryors.2023.009"], [
            ("Zephyrine-L", CRE, [("BenchMira", "Accuracy", "89.6")])]),
        ("P08", "Wendrel-S: Efficient Segmentation for On-Board Glacier Monitoring", [2024], ["10.5555/cryors.2024.120"], [
            ("Wendrel-S", CRE, [("BenchMira", "Accuracy", "87.2")]),
            ("Wendrel-S", CAL, [("Corvalla-Ice", "F1", "90.5")]),
            ("Orvalis-CNN", CAL, [("Corvalla-Ice", "F1", "87.0")])]),
        ("P09", "Revisiting Crevasse Segmentation Baselines: A Reproducibility Study", [2024], ["10.5555/cryors.2024.207"], [
            ("KestrelNet", CRE, [("BenchMira", "Accuracy", "74.1")]),
            ("Orvalis-CNN", CRE, [("BenchMira", "Accuracy", "80.2")]),
            ("Orvalis-CNN", CAL, [("Corvalla-Ice", "F1", "87.0")])]),
        # no year
        ("P13", "Ymberline: A Lightweight Baseline for Skarnhold Segmentation", [], ["10.5555/cryors.ws.415"], [
            ("Ymberline", CRE, [("Skarnhold Glacier Set", "Mean IoU", "49.0")])]),
        # no leaderboard
        ("P15", "Glacier Crevasse Inventories: A Review of Mapping Practice", [2012], ["10.5555/cryors.2012.003"], [
            (None, CRE, [])]),
    ],
)

# --------------------------------------------------------------------------------------
# g2: bioacoustics. Conflicts (clear, close, same-year), corroboration (5 papers vs one
# outlier, 2 old vs 1 new), a lower-is-better metric (Word Error Rate), month as year.
# --------------------------------------------------------------------------------------
TRN = "Birdsong Transcription"
CTC = "Call-Type Classification"
GRAPHS["g2"] = dict(
    field="Bioacoustics",
    problems=[TRN, CTC],
    datasets=["Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"],
    metrics=["Word Error Rate", "Accuracy"],
    papers=[
        # no DOI
        ("Q01", "Fennick-RNN: Recurrent Transcription of Dawn Chorus Recordings", [2014], [], [
            ("Fennick-RNN", TRN, [("Dastrup-7 Chorus", "Word Error Rate", "18.2")])]),
        ("Q02", "Chirpform: Convolutional Front-Ends for Birdsong Transcription", [2017], ["10.5555/bioac.2017.061"], [
            ("Chirpform", TRN, [("Dastrup-7 Chorus", "Word Error Rate", "14.6")])]),
        ("Q03", "Warbleon: Syllable-Level Attention for Avian Vocalisations", [2019], ["10.5555/bioac.2019.033"], [
            ("Warbleon", TRN, [("Dastrup-7 Chorus", "Word Error Rate", "11.3")]),
            ("Warbleon", CTC, [("Hollenby Marsh Calls", "Accuracy", "79.5")])]),
        ("Q04", "Call-Type Classification with Chirpform Embeddings", [2020], ["10.5555/bioac.2020.118"], [
            ("Chirpform", CTC, [("Hollenby Marsh Calls", "Accuracy", "85.0")]),
            ("Warbleon", CTC, [("Hollenby Marsh Calls", "Accuracy", "79.5")])]),
        ("Q06", "Syrinxa: Spectro-Temporal Transformers for Bird Call Recognition", [2020], ["10.5555/bioac.2020.164"], [
            ("Syrinxa", CTC, [("Hollenby Marsh Calls", "Accuracy", "88.3")])]),
        # single paper with an outlier for Syrinxa (93.8) and a corroborating Chirpform row
        ("Q07", "A Field Guide Benchmark of Marsh Call Classifiers", [2020], ["10.5555/bioac.2020.201"], [
            ("Syrinxa", CTC, [("Hollenby Marsh Calls", "Accuracy", "93.8")]),
            ("Chirpform", CTC, [("Hollenby Marsh Calls", "Accuracy", "85.0")])]),
        ("Q05", "Warbleon Revisited: Stronger Baselines for Marsh Call Classification", [2021], ["10.5555/bioac.2021.077"], [
            ("Warbleon", CTC, [("Hollenby Marsh Calls", "Accuracy", "80.7")])]),
        # month 5 under the year predicate as well
        ("Q08", "Trillbert: Pretrained Audio Encoders for Birdsong", [2022, 5], ["10.5555/bioac.2022.090"], [
            ("Trillbert", TRN, [("Dastrup-7 Chorus", "Word Error Rate", "9.4")]),
            ("Syrinxa", CTC, [("Hollenby Marsh Calls", "Accuracy", "88.3")])]),
        ("Q09", "Reproducing Pretrained Birdsong Transcribers", [2023], ["10.5555/bioac.2023.145"], [
            ("Trillbert", TRN, [("Dastrup-7 Chorus", "Word Error Rate", "10.1")]),
            ("Fennick-RNN", TRN, [("Dastrup-7 Chorus", "Word Error Rate", "21.7")]),
            ("Syrinxa", CTC, [("Hollenby Marsh Calls", "Accuracy", "88.3")])]),
        ("Q10", "Corrasine: Noise-Robust Transcription at Dawn", [2023], ["10.5555/bioac.2023.188"], [
            ("Corrasine", TRN, [("Veltmoor Dawn Set", "Word Error Rate", "7.2")])]),
        ("Q11", "Plumaro: Multi-Task Learning for Avian Audio", [2024], ["10.5555/bioac.2024.012"], [
            ("Plumaro", TRN, [("Dastrup-7 Chorus", "Word Error Rate", "8.1")]),
            ("Plumaro", CTC, [("Hollenby Marsh Calls", "Accuracy", "90.1")]),
            ("Syrinxa", CTC, [("Hollenby Marsh Calls", "Accuracy", "88.3")])]),
        ("Q12", "Aviquist: Streaming Birdsong Transcription", [2024], ["10.5555/bioac.2024.056"], [
            ("Aviquist", TRN, [("Veltmoor Dawn Set", "Word Error Rate", "6.8")])]),
        ("Q13", "Low-Latency Transcribers for Dawn Recordings: A Comparison", [2024], ["10.5555/bioac.2024.173"], [
            ("Aviquist", TRN, [("Veltmoor Dawn Set", "Word Error Rate", "7.9")]),
            ("Corrasine", TRN, [("Veltmoor Dawn Set", "Word Error Rate", "7.2")])]),
        ("Q14", "Scaling Noise-Robust Transcribers to Many Habitats", [2025], ["10.5555/bioac.2025.024"], [
            ("Corrasine", TRN, [("Dastrup-7 Chorus", "Word Error Rate", "8.9")]),
            # same value as the other Syrinxa rows, written with a percent sign
            ("Syrinxa", CTC, [("Hollenby Marsh Calls", "Accuracy", "88.3%")])]),
    ],
)

# --------------------------------------------------------------------------------------
# g3: low-resource translation (BLEU, chrF). A lexicographic-sort trap (9.8 vs 36.0),
# a clear conflict (2016 vs 2024+2025), a close conflict (2022 vs 2024), a "-" score,
# a trailing space, a paper with two DOIs, a paper without DOI.
# --------------------------------------------------------------------------------------
VEN = "Vendish-English Translation"
DIA = "Dialogue Translation"
GRAPHS["g3"] = dict(
    field="Low-Resource Language Technology",
    problems=[VEN, DIA],
    datasets=["Orrenby Parallel Corpus", "Mirelle Subtitles", "Quenmark Dialogue Set"],
    metrics=["BLEU", "chrF"],
    papers=[
        ("T01", "Lexmarrow: Phrase-Based Translation for Vendish", [2012], ["10.5555/lrlt.2012.008"], [
            ("Lexmarrow", VEN, [("Orrenby Parallel Corpus", "BLEU", "9.8")])]),
        ("T02", "Gannetron: Neural Translation with Morphological Factors for Vendish", [2016], ["10.5555/lrlt.2016.051"], [
            ("Gannetron", VEN, [("Orrenby Parallel Corpus", "BLEU", "21.5")]),
            ("Gannetron", DIA, [("Quenmark Dialogue Set", "BLEU", "12.4")])]),
        ("T03", "Halverin: Back-Translation at Scale for Low-Resource Pairs", [2017], ["10.5555/lrlt.2017.122"], [
            ("Halverin", VEN, [("Orrenby Parallel Corpus", "BLEU", "27.3 ")]),
            ("Halverin", DIA, [("Quenmark Dialogue Set", "BLEU", "15.8")])]),
        ("T04", "Varnholt: Character-Aware Decoding for Dialogue Translation", [2019], ["10.5555/lrlt.2019.066"], [
            ("Varnholt", DIA, [("Quenmark Dialogue Set", "BLEU", "17.9")]),
            ("Halverin", VEN, [("Mirelle Subtitles", "chrF", "48.2")])]),
        ("T05", "Ostrada-T: Multilingual Transfer for Vendish Translation", [2020], ["10.5555/lrlt.2020.140"], [
            ("Ostrada-T", VEN, [("Orrenby Parallel Corpus", "BLEU", "31.9"), ("Mirelle Subtitles", "chrF", "-")])]),
        ("T10", "A Survey of Vendish Language Resources", [2021], ["10.5555/lrlt.2021.199"], [
            (None, VEN, [])]),
        # two DOIs: venue DOI and preprint DOI
        ("T06", "Murrelet-MT: Document-Level Translation for Vendish", [2022], ["10.5555/lrlt.2022.031", "10.5555/preprint.2203.17754"], [
            ("Murrelet-MT", VEN, [("Orrenby Parallel Corpus", "BLEU", "34.2"), ("Mirelle Subtitles", "chrF", "55.1")]),
            ("Murrelet-MT", DIA, [("Quenmark Dialogue Set", "BLEU", "19.6")])]),
        # no DOI
        ("T07", "Ibbotrans: Iterative Refinement Translation for Low-Resource Pairs", [2023], [], [
            ("Ibbotrans", VEN, [("Orrenby Parallel Corpus", "BLEU", "33.6")]),
            ("Ibbotrans", DIA, [("Quenmark Dialogue Set", "BLEU", "22.0")])]),
        ("T08", "Revisiting Neural Baselines for Vendish-English", [2024], ["10.5555/lrlt.2024.087"], [
            ("Gannetron", VEN, [("Orrenby Parallel Corpus", "BLEU", "18.9")]),
            ("Murrelet-MT", VEN, [("Mirelle Subtitles", "chrF", "51.0")])]),
        ("T09", "Nerrisa: Large Multilingual Models Meet Vendish", [2025], ["10.5555/lrlt.2025.014"], [
            ("Nerrisa", VEN, [("Orrenby Parallel Corpus", "BLEU", "36.0"), ("Mirelle Subtitles", "chrF", "53.4")]),
            ("Gannetron", VEN, [("Orrenby Parallel Corpus", "BLEU", "18.9")])]),
    ],
)

# --------------------------------------------------------------------------------------
# g4: marine engineering. Metadata dirt: two genuine years, a month as year, a month as the
# only year, two DOIs, missing year, missing DOI; as-of anchors that the dirt can break.
# --------------------------------------------------------------------------------------
TTF = "Tidal Turbine Fault Detection"
KCM = "Kelp Canopy Mapping"
GRAPHS["g4"] = dict(
    field="Marine Engineering Informatics",
    problems=[TTF, KCM],
    datasets=["Sealbrook Turbine Logs", "Kelpwatch-Norrland"],
    metrics=["F1", "Mean IoU"],
    papers=[
        ("U07", "Pellucid-KM: Clustering Multispectral Imagery for Kelp Canopy Mapping", [2013], ["10.5555/marei.2013.040"], [
            ("Pellucid-KM", KCM, [("Kelpwatch-Norrland", "Mean IoU", "41.0")])]),
        ("U01", "Brinehawk: Vibration Signatures for Tidal Turbine Fault Detection", [2014], ["10.5555/marei.2014.011"], [
            ("Brinehawk", TTF, [("Sealbrook Turbine Logs", "F1", "70.2")])]),
        ("U08", "Fucusnet: Segmenting Kelp Canopies from Aerial Surveys", [2016], ["10.5555/marei.2016.093"], [
            ("Fucusnet", KCM, [("Kelpwatch-Norrland", "Mean IoU", "47.5")])]),
        # two genuine years (preprint 2017, journal 2019)
        ("U02", "Tidewick: Spectral Kurtosis Features for Turbine Blade Faults", [2017, 2019], ["10.5555/marei.2019.057"], [
            ("Tidewick", TTF, [("Sealbrook Turbine Logs", "F1", "76.0")])]),
        ("U03", "Marrowfen: Graph Features for Drivetrain Fault Diagnosis", [2018], ["10.5555/marei.2018.102"], [
            ("Marrowfen", TTF, [("Sealbrook Turbine Logs", "F1", "78.4")])]),
        # no DOI, has a year; no leaderboard
        ("U13", "A Review of Condition Monitoring for Tidal Stream Turbines", [2019], [], [
            (None, TTF, [])]),
        ("U10", "Transferring Drivetrain Graph Models to Kelp Canopy Mapping", [2020], ["10.5555/marei.2020.077"], [
            ("Marrowfen", KCM, [("Kelpwatch-Norrland", "Mean IoU", "55.2")])]),
        # month 11 under the year predicate as well
        ("U04", "Selkora: Contrastive Pretraining on Turbine Telemetry", [2021, 11], ["10.5555/marei.2021.130"], [
            ("Selkora", TTF, [("Sealbrook Turbine Logs", "F1", "88.5")])]),
        # two DOIs
        ("U05", "Undertow-GNN: Relational Modelling of Tidal Arrays", [2023], ["10.5555/marei.2023.018", "10.5555/preprint.2301.04412"], [
            ("Undertow-GNN", TTF, [("Sealbrook Turbine Logs", "F1", "86.0")])]),
        ("U11", "Kelvane: Satellite Time Series for Kelp Canopy Mapping", [2024], ["10.5555/marei.2024.066"], [
            ("Kelvane", KCM, [("Kelpwatch-Norrland", "Mean IoU", "61.4")])]),
        ("U06", "A Replication of Tidal Turbine Fault Detectors", [2025], ["10.5555/marei.2025.009"], [
            ("Undertow-GNN", TTF, [("Sealbrook Turbine Logs", "F1", "86.0")]),
            ("Selkora", TTF, [("Sealbrook Turbine Logs", "F1", "88.5")]),
            ("Marrowfen", TTF, [("Sealbrook Turbine Logs", "F1", "78.4")])]),
        # only a month (3) under the year predicate, no DOI
        ("U09", "Driftmere: Drift-Aware Segmentation of Floating Kelp", [3], [], [
            ("Driftmere", KCM, [("Kelpwatch-Norrland", "Mean IoU", "63.0")])]),
        # no year; no leaderboard
        ("U12", "Seasonal Kelp Canopy Dynamics in Norrland Fjords", [], ["10.5555/marei.fjord.151"], [
            (None, KCM, [])]),
    ],
)


def lit(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"^^xsd:string'


def build(gkey, spec):
    g = gkey[1]
    iri = lambda kind, n: f"orkgr:R96{g}{kind}{n:02d}"
    out = [
        "@prefix orkgr: <http://orkg.org/orkg/resource/> .",
        "@prefix orkgp: <http://orkg.org/orkg/predicate/> .",
        "@prefix orkgc: <http://orkg.org/orkg/class/> .",
        "@prefix rdfs:  <http://www.w3.org/2000/01/rdf-schema#> .",
        "@prefix xsd:   <http://www.w3.org/2001/XMLSchema#> .",
        "",
        f"# Trust gold fixture {gkey} (invented data, ORKG dump shape). Generated by build.py.",
        "",
    ]
    field = iri(0, 1)
    out.append(f"{field} a orkgc:ResearchField, orkgc:Resource ; rdfs:label {lit(spec['field'])} .")
    prob = {p: iri(1, i + 1) for i, p in enumerate(spec["problems"])}
    for p, r in prob.items():
        out.append(f"{r} a orkgc:Problem, orkgc:Resource ; rdfs:label {lit(p)} .")
    ds = {d: iri(2, i + 1) for i, d in enumerate(spec["datasets"])}
    for d, r in ds.items():
        out.append(f"{r} a orkgc:Dataset, orkgc:Resource ; rdfs:label {lit(d)} .")
    met = {m: iri(3, i + 1) for i, m in enumerate(spec["metrics"])}
    for m, r in met.items():
        out.append(f"{r} a orkgc:Metric, orkgc:Resource ; rdfs:label {lit(m)} .")
    models = []
    for p in spec["papers"]:
        for c in p[4]:
            if c[0] and c[0] not in models:
                models.append(c[0])
    mod = {m: iri(4, i + 1) for i, m in enumerate(models)}
    for m, r in mod.items():
        out.append(f"{r} a orkgc:Model, orkgc:Resource ; rdfs:label {lit(m)} .")
    out.append("")
    nc = nb = ne = 0
    for pi, (key, title, years, dois, contribs) in enumerate(spec["papers"]):
        pr = iri(5, pi + 1)
        crs = []
        blocks = []
        for ci, (model, problem, results) in enumerate(contribs):
            nc += 1
            cr = iri(6, nc)
            crs.append(cr)
            props = [f"rdfs:label {lit('Contribution ' + str(ci + 1))}", f"orkgp:P32 {prob[problem]}"]
            if model:
                props.append(f"orkgp:HAS_MODEL {mod[model]}")
            bydata = {}
            for d, m, v in results:
                bydata.setdefault(d, []).append((m, v))
            extra = []
            if bydata:
                props.append("orkgp:P2005 " + ", ".join(ds[d] for d in bydata))
                bs = []
                for d, evs in bydata.items():
                    nb += 1
                    br = iri(7, nb)
                    bs.append(br)
                    ers = []
                    evl = []
                    for m, v in evs:
                        ne += 1
                        er = iri(8, ne)
                        ers.append(er)
                        evl.append(f"{er} a orkgc:Evaluation, orkgc:Resource ; orkgp:HAS_METRIC {met[m]} ; orkgp:HAS_VALUE {lit(v)} .")
                    extra.append(f"{br} a orkgc:Benchmark, orkgc:Resource ; orkgp:HAS_DATASET {ds[d]} ; orkgp:HAS_EVALUATION {', '.join(ers)} .")
                    extra.extend(evl)
                props.append("orkgp:HAS_BENCHMARK " + ", ".join(bs))
            blocks.append(f"{cr} a orkgc:Contribution, orkgc:Resource ;\n    " + " ;\n    ".join(props) + " .")
            blocks.extend(extra)
        pl = [f"rdfs:label {lit(title)}"]
        if dois:
            pl.append("orkgp:P26 " + ", ".join(lit(d) for d in dois))
        if years:
            pl.append("orkgp:P29 " + ", ".join(f'"{y}"^^xsd:integer' for y in years))
        pl.append(f"orkgp:P30 {field}")
        pl.append("orkgp:P31 " + ", ".join(crs))
        out.append(f"# {key}")
        out.append(f"{pr} a orkgc:Paper, orkgc:Resource ;\n    " + " ;\n    ".join(pl) + " .")
        out.extend(blocks)
        out.append("")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    for k, spec in GRAPHS.items():
        with open(os.path.join(HERE, f"{k}.ttl"), "w") as f:
            f.write(build(k, spec))
        print(k, "papers:", len(spec["papers"]))
