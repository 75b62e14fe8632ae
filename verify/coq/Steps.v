(* The steps of the paper's utility proofs (`uldp prove --steps`, verify/src/steps/*.cc) as
   theorems over R: each step's implication with the hypotheses the paper has at that step (the
   solvers' "at_step" query), stated exactly as `uldp prove STEP --emit coq` prints it (the
   definitions and square roots of the step as equations, then its hypotheses, then the step).
   Every step whose at-step implication holds is proved here; the steps that are refuted at the
   step (errata) or not encoded are listed with why in verify/src/steps/coq_step_omissions.cc.
   The axioms each theorem rests on are printed by the build (verify/coq/coq_check.cmake), not
   here: one Print Assumptions per theorem would double the file's check time. *)
From Coq Require Import Reals Lra Psatz.
Open Scope R_scope.

(* Tactics shared by the proofs: introduce, split the roots' conjunctions and substitute the
   definitions; case-split every if-then-else; name each positive denominator's inverse (i * b =
   1, i > 0) so that nra sees polynomials, as the SMT encoding's named factors do. *)
Ltac step_intros :=
  intros;
  repeat match goal with H : _ /\ _ |- _ => destruct H end;
  subst.

Ltac step_cases :=
  repeat match goal with
  | |- context [if ?c then _ else _] => destruct c
  | H : context [if ?c then _ else _] |- _ => destruct c
  end.

Ltac nonzero := repeat split; (lra || nra).

Ltac step_field := repeat split; field; nonzero.

Ltac name_inverses :=
  unfold Rdiv in *; rewrite ?Rinv_mult, ?Rinv_inv in *;
  repeat match goal with
  | |- context [ / ?b ] =>
      lazymatch b with context [ / _ ] => fail | _ => idtac end;
      let i := fresh "i" in
      let H1 := fresh "Hinv" in
      let H2 := fresh "Hpos" in
      assert (H2 : 0 < b) by nra;
      set (i := / b) in *;
      assert (H1 : i * b = 1) by (unfold i; apply Rinv_l; lra);
      assert (0 < i) by (unfold i; apply Rinv_0_lt_compat; exact H2);
      clearbody i
  end.

Lemma named_inverse : forall c x : R, c * x = 1 -> c = / x.
Proof.
  intros c x H. destruct (Req_dec x 0) as [E|E].
  - rewrite E, Rmult_0_r in H. lra.
  - apply (Rmult_eq_reg_r x); [rewrite H; field; exact E | exact E].
Qed.

Lemma sq_eq : forall a b : R, 0 <= a -> 0 <= b -> a * a = b * b -> a = b.
Proof. intros a b Ha Hb H. nra. Qed.

Ltac step_intros2 :=
  step_intros;
  repeat match goal with H : ?c * ?x = 1 |- _ => is_var c; apply named_inverse in H; subst c end.

Ltac root_rewrite :=
  intros; repeat match goal with H : _ /\ _ |- _ => destruct H end;
  match goal with
  | |- ?v * ?x = ?y =>
    match goal with
    | Hx : x * x = _, Hy : y * y = _ |- _ =>
      apply sq_eq; [ | assumption | replace (v * x * (v * x)) with (v * v * (x * x)) by ring;
                                    rewrite Hx, Hy ]
    end
  end;
  subst; repeat match goal with H : ?c * ?x = 1 |- _ => is_var c; apply named_inverse in H; subst c end;
  [ apply Rmult_le_pos; [name_inverses; nra | assumption] | step_field ].

(* Lemmas of the hand proofs: positivity of quotients, comparing roots through their squares,
   Cauchy-Schwarz for 2, 3, 4 roots (the Lagrange identity), and the slope comparison of
   sqrt(p1 p2) + sqrt(q1 q2) (x - 1/x increasing). *)
Lemma div_nonneg : forall a b : R, 0 <= a -> 0 < b -> 0 <= a / b.
Proof. intros a b Ha Hb. unfold Rdiv. apply Rmult_le_pos; [exact Ha | left; apply Rinv_0_lt_compat; exact Hb]. Qed.

Lemma div_pos : forall a b : R, 0 < a -> 0 < b -> 0 < a / b.
Proof. intros a b Ha Hb. unfold Rdiv. apply Rmult_lt_0_compat; [exact Ha | apply Rinv_0_lt_compat; exact Hb]. Qed.

Lemma sq_le : forall a b : R, 0 <= b -> a * a <= b * b -> a <= b.
Proof. intros a b Hb H. nra. Qed.

Lemma sq_lt : forall a b : R, 0 <= b -> a * a < b * b -> a < b.
Proof. intros a b Hb H. nra. Qed.

Lemma sq_nonneg : forall a : R, 0 <= a * a.
Proof. intro a. exact (Rle_0_sqr a). Qed.

Lemma sq_zero : forall a : R, a * a = 0 -> a = 0.
Proof. intros a H. nra. Qed.

Lemma cauchy_schwarz_2 : forall r1 r2 T : R, 0 <= T -> T * T = 2 * (r1 * r1 + r2 * r2) ->
  r1 + r2 <= T /\ (r1 + r2 = T -> r1 = r2).
Proof.
  intros r1 r2 T HS HSS.
  assert (L : T * T - (r1 + r2) * (r1 + r2) = (r1 - r2) * (r1 - r2)) by (rewrite HSS; ring).
  pose proof (sq_nonneg (r1 - r2)) as P12.
  split.
  - apply sq_le; [exact HS | lra].
  - intro E. rewrite <- E in L. assert (Z : (r1 - r2) * (r1 - r2) = 0) by lra.
    apply sq_zero in Z. lra.
Qed.

Lemma cauchy_schwarz_3 : forall r1 r2 r3 T : R, 0 <= T ->
  T * T = 3 * (r1 * r1 + r2 * r2 + r3 * r3) ->
  r1 + r2 + r3 <= T /\ (r1 + r2 + r3 = T -> r2 = r1 /\ r3 = r1).
Proof.
  intros r1 r2 r3 T HS HSS.
  assert (L : T * T - (r1 + r2 + r3) * (r1 + r2 + r3) =
              (r1 - r2) * (r1 - r2) + (r1 - r3) * (r1 - r3) + (r2 - r3) * (r2 - r3))
    by (rewrite HSS; ring).
  pose proof (sq_nonneg (r1 - r2)) as P12.
  pose proof (sq_nonneg (r1 - r3)) as P13.
  pose proof (sq_nonneg (r2 - r3)) as P23.
  split.
  - apply sq_le; [exact HS | lra].
  - intro E. rewrite <- E in L.
    assert (Z1 : (r1 - r2) * (r1 - r2) = 0) by lra.
    assert (Z2 : (r1 - r3) * (r1 - r3) = 0) by lra.
    apply sq_zero in Z1. apply sq_zero in Z2. lra.
Qed.

Lemma cauchy_schwarz_4 : forall r1 r2 r3 r4 T : R, 0 <= T ->
  T * T = 4 * (r1 * r1 + r2 * r2 + r3 * r3 + r4 * r4) ->
  r1 + r2 + r3 + r4 <= T /\ (r1 + r2 + r3 + r4 = T -> r2 = r1 /\ r3 = r1 /\ r4 = r1).
Proof.
  intros r1 r2 r3 r4 T HS HSS.
  assert (L : T * T - (r1 + r2 + r3 + r4) * (r1 + r2 + r3 + r4) =
              (r1 - r2) * (r1 - r2) + (r1 - r3) * (r1 - r3) + (r1 - r4) * (r1 - r4) +
              (r2 - r3) * (r2 - r3) + (r2 - r4) * (r2 - r4) + (r3 - r4) * (r3 - r4))
    by (rewrite HSS; ring).
  pose proof (sq_nonneg (r1 - r2)) as P12.
  pose proof (sq_nonneg (r1 - r3)) as P13.
  pose proof (sq_nonneg (r1 - r4)) as P14.
  pose proof (sq_nonneg (r2 - r3)) as P23.
  pose proof (sq_nonneg (r2 - r4)) as P24.
  pose proof (sq_nonneg (r3 - r4)) as P34.
  split.
  - apply sq_le; [exact HS | lra].
  - intro E. rewrite <- E in L.
    assert (Z1 : (r1 - r2) * (r1 - r2) = 0) by lra.
    assert (Z2 : (r1 - r3) * (r1 - r3) = 0) by lra.
    assert (Z3 : (r1 - r4) * (r1 - r4) = 0) by lra.
    apply sq_zero in Z1. apply sq_zero in Z2. apply sq_zero in Z3. lra.
Qed.

(* (q2 - q1)^2 p1 p2 - (p2 - p1)^2 q1 q2 = (p1 q2 - p2 q1) (p2 q2 - p1 q1) *)
Lemma slope_identity : forall p1 p2 q1 q2 : R,
  (q1 - q2) * (q1 - q2) * (p1 * p2) - (p2 - p1) * (p2 - p1) * (q1 * q2) =
  (p1 * q2 - p2 * q1) * (p2 * q2 - p1 * q1).
Proof. intros. ring. Qed.

Lemma slope_cases : forall p1 p2 q1 q2 : R, 0 < p1 -> 0 < p2 -> 0 < q1 -> 0 < q2 ->
  p2 * q1 <= q2 * p1 ->
  (p2 - p1 <= 0 /\ q1 - q2 <= 0) \/
  (p2 - p1 > 0 /\ q1 - q2 < 0 /\ (p2 - p1) * (p2 - p1) * (q1 * q2) <= (q1 - q2) * (q1 - q2) * (p1 * p2)) \/
  (p2 - p1 < 0 /\ q1 - q2 > 0 /\ (q1 - q2) * (q1 - q2) * (p1 * p2) <= (p2 - p1) * (p2 - p1) * (q1 * q2)).
Proof.
  intros p1 p2 q1 q2 H1 H2 H3 H4 H.
  pose proof (slope_identity p1 p2 q1 q2) as I.
  destruct (Rle_or_lt (p2 - p1) 0) as [Hp|Hp].
  - destruct (Rle_or_lt (q1 - q2) 0) as [Hq|Hq].
    + left. lra.
    + right; right.
      assert (Hp' : p2 < p1) by nra.
      assert (Hn : p2 * q2 - p1 * q1 < 0) by nra.
      assert (Hm : 0 <= p1 * q2 - p2 * q1) by lra.
      assert (Hprod : (p1 * q2 - p2 * q1) * (p2 * q2 - p1 * q1) <= 0) by nra.
      lra.
  - right; left.
    assert (Hq : q1 < q2) by nra.
    assert (Hn : 0 < p2 * q2 - p1 * q1) by nra.
    assert (Hm : 0 <= p1 * q2 - p2 * q1) by lra.
    assert (Hprod : 0 <= (p1 * q2 - p2 * q1) * (p2 * q2 - p1 * q1)) by nra.
    lra.
Qed.

Lemma slope_cases_strict : forall p1 p2 q1 q2 : R, 0 < p1 -> 0 < p2 -> 0 < q1 -> 0 < q2 ->
  p2 * q1 < q2 * p1 ->
  (p2 - p1 <= 0 /\ q1 - q2 < 0) \/ (p2 - p1 < 0 /\ q1 - q2 <= 0) \/
  (p2 - p1 > 0 /\ q1 - q2 < 0 /\ (p2 - p1) * (p2 - p1) * (q1 * q2) < (q1 - q2) * (q1 - q2) * (p1 * p2)) \/
  (p2 - p1 < 0 /\ q1 - q2 > 0 /\ (q1 - q2) * (q1 - q2) * (p1 * p2) < (p2 - p1) * (p2 - p1) * (q1 * q2)).
Proof.
  intros p1 p2 q1 q2 H1 H2 H3 H4 H.
  pose proof (slope_identity p1 p2 q1 q2) as I.
  destruct (Rle_or_lt (p2 - p1) 0) as [Hp|Hp].
  - destruct (Rlt_or_le (q1 - q2) 0) as [Hq|Hq].
    + left. lra.
    + destruct (Req_dec (q1 - q2) 0) as [Hq0|Hq0].
      * right; left. split; [|lra].
        assert (q1 = q2) by lra. subst q2. nra.
      * right; right; right.
        assert (Hp' : p2 < p1) by nra.
        assert (Hn : p2 * q2 - p1 * q1 < 0) by nra.
        assert (Hm : 0 < p1 * q2 - p2 * q1) by lra.
        assert (Hprod : (p1 * q2 - p2 * q1) * (p2 * q2 - p1 * q1) < 0) by nra.
        lra.
  - right; right; left.
    assert (Hq : q1 < q2) by nra.
    assert (Hn : 0 < p2 * q2 - p1 * q1) by nra.
    assert (Hm : 0 < p1 * q2 - p2 * q1) by lra.
    assert (Hprod : 0 < (p1 * q2 - p2 * q1) * (p2 * q2 - p1 * q1)) by nra.
    lra.
Qed.

(* The derivative of sqrt(p1 p2) + sqrt(q1 q2) in the direction (p1, p2, q1, q2) += (1, -1, -1, 1)
   is negative when p2 / p1 < q2 / q1: (p2 - p1) b + (q1 - q2) a = (X - Y) (sp2 sq2 + sp1 sq1)
   with X = sp2 sq1 < Y = sp1 sq2, where spi, sqi are the roots of pi, qi. *)
Lemma root_slope_negative : forall p1 p2 q1 q2 a b : R, 0 < p1 -> 0 < p2 -> 0 < q1 -> 0 < q2 ->
  p2 * q1 < q2 * p1 -> 0 <= a -> a * a = p1 * p2 -> 0 <= b -> b * b = q1 * q2 ->
  (p2 - p1) * b + (q1 - q2) * a < 0.
Proof.
  intros p1 p2 q1 q2 a b H1 H2 H3 H4 H Ha Haa Hb Hbb.
  pose proof (sqrt_lt_R0 p1 H1) as S1. pose proof (sqrt_lt_R0 p2 H2) as S2.
  pose proof (sqrt_lt_R0 q1 H3) as S3. pose proof (sqrt_lt_R0 q2 H4) as S4.
  pose proof (sqrt_sqrt p1 (Rlt_le _ _ H1)) as E1. pose proof (sqrt_sqrt p2 (Rlt_le _ _ H2)) as E2.
  pose proof (sqrt_sqrt q1 (Rlt_le _ _ H3)) as E3. pose proof (sqrt_sqrt q2 (Rlt_le _ _ H4)) as E4.
  set (s1 := sqrt p1) in *. set (s2 := sqrt p2) in *. set (s3 := sqrt q1) in *. set (s4 := sqrt q2) in *.
  clearbody s1 s2 s3 s4.
  assert (Ea : a = s1 * s2).
  { apply sq_eq; [exact Ha | nra | rewrite Haa, <- E1, <- E2; ring]. }
  assert (Eb : b = s3 * s4).
  { apply sq_eq; [exact Hb | nra | rewrite Hbb, <- E3, <- E4; ring]. }
  assert (XY : s2 * s3 < s1 * s4).
  { apply sq_lt; [nra | ]. replace (s2 * s3 * (s2 * s3)) with ((s2 * s2) * (s3 * s3)) by ring.
    replace (s1 * s4 * (s1 * s4)) with ((s1 * s1) * (s4 * s4)) by ring.
    rewrite E1, E2, E3, E4. lra. }
  subst a b. rewrite <- E1, <- E2, <- E3, <- E4.
  replace ((s2 * s2 - s1 * s1) * (s3 * s4) + (s3 * s3 - s4 * s4) * (s1 * s2))
    with ((s2 * s3 - s1 * s4) * (s2 * s4 + s1 * s3)) by ring.
  assert (0 < s2 * s4 + s1 * s3) by nra.
  nra.
Qed.

Lemma div_ge_1 : forall a b : R, 0 < b -> b <= a -> 1 <= a / b.
Proof.
  intros a b Hb Hab. apply (Rmult_le_reg_r b); [exact Hb|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l, Rmult_1_r, Rmult_1_l; lra.
Qed.

Lemma div_le_div : forall a b c d : R, 0 < b -> 0 < d -> a * d <= c * b -> a / b <= c / d.
Proof.
  intros a b c d Hb Hd H.
  assert (E : c / d - a / b = (c * b - a * d) / (b * d)) by (field; lra).
  assert (0 <= (c * b - a * d) / (b * d)) by (apply div_nonneg; nra).
  lra.
Qed.

Lemma div_lt_div : forall a b c d : R, 0 < b -> 0 < d -> a * d < c * b -> a / b < c / d.
Proof.
  intros a b c d Hb Hd H.
  assert (E : c / d - a / b = (c * b - a * d) / (b * d)) by (field; lra).
  assert (0 < (c * b - a * d) / (b * d)) by (apply div_pos; nra).
  lra.
Qed.

(* Lemma 1's factors: A = p1 p2, B = q1 q2 with p1 = w + ks/(t-1), p2 = v ks - w - ks/(t-1),
   q1 = 1 - w, q2 = v kn - 1 + w all positive, and p2 q1 < q2 p1 (as (t - 1) < kn). *)
Lemma lemma1_factors : forall t ks kn w : R, t > 1 -> t < kn + 1 -> 0 <= w -> w < 1 -> ks >= 1 ->
  0 < w + ks / (t - 1) /\ 0 < (ks + t - 1) / (t - 1) * ks - w - ks / (t - 1) /\ 0 < 1 - w /\
  0 < (ks + t - 1) / (t - 1) * kn + - 1 + w /\
  ((ks + t - 1) / (t - 1) * ks - w - ks / (t - 1)) * (1 - w) <
  ((ks + t - 1) / (t - 1) * kn + - 1 + w) * (w + ks / (t - 1)).
Proof.
  intros t ks kn w Ht Hkn Hw0 Hw1 Hks.
  assert (Hal : 0 < ks / (t - 1)) by (apply div_pos; lra).
  assert (Ebe : (ks + t - 1) / (t - 1) * ks - ks / (t - 1) = ks * (ks + t - 2) / (t - 1))
    by (field; lra).
  assert (Hbe : 1 <= ks * (ks + t - 2) / (t - 1)) by (apply div_ge_1; nra).
  assert (Ega : 1 < (ks + t - 1) / (t - 1) * kn).
  { replace ((ks + t - 1) / (t - 1) * kn) with ((ks + t - 1) * kn / (t - 1)) by (field; lra).
    apply (Rle_lt_trans _ (kn / (t - 1))).
    - apply div_ge_1; lra.
    - apply div_lt_div; [lra | lra | ].
      assert (0 < kn * (t - 1)) by (apply Rmult_lt_0_compat; lra).
      assert (0 < (ks + t - 2) * (kn * (t - 1))) by (apply Rmult_lt_0_compat; lra).
      nra. }
  assert (Ekey : ((ks + t - 1) / (t - 1) * kn - 1) * (ks / (t - 1)) -
                 ((ks + t - 1) / (t - 1) * ks - ks / (t - 1)) =
                 ks * (ks + t - 1) * (kn - (t - 1)) / ((t - 1) * (t - 1))) by (field; lra).
  assert (Hkey : 0 < ks * (ks + t - 1) * (kn - (t - 1)) / ((t - 1) * (t - 1)))
    by (apply div_pos; [apply Rmult_lt_0_compat; [nra | lra] | nra]).
  assert (Hw : 0 <= w * ((ks + t - 1) / (t - 1) * kn + ks / (t - 1) +
                         ((ks + t - 1) / (t - 1) * ks - ks / (t - 1))))
    by (apply Rmult_le_pos; lra).
  split; [lra | split; [lra | split; [lra | split; [lra | ]]]].
  nra.
Qed.

Lemma beta_ge_1 : forall t ks : R, t > 1 -> ks >= 1 ->
  1 <= (ks + t - 1) / (t - 1) * ks - ks / (t - 1).
Proof.
  intros t ks Ht Hks.
  replace ((ks + t - 1) / (t - 1) * ks - ks / (t - 1)) with (ks * (ks + t - 2) / (t - 1))
    by (field; lra).
  apply div_ge_1; nra.
Qed.

(* The tangents at P = 0 of the concave A(P) = (P + al) (be - P) and of its square root. *)
Lemma tangent_sqrt : forall al be P : R, 0 < al -> 1 <= be -> 0 <= P -> P <= 1 ->
  2 * (al * be) + (be - al) * P >= 0 /\
  4 * (al * be) * ((P + al) * (be - P)) <= (2 * (al * be) + (be - al) * P) * (2 * (al * be) + (be - al) * P).
Proof.
  intros al be P Hal Hbe HP0 HP1. split.
  - assert (0 <= al * (2 * be - P)) by (apply Rmult_le_pos; lra).
    assert (0 <= be * P) by (apply Rmult_le_pos; lra).
    lra.
  - assert (E : (2 * (al * be) + (be - al) * P) * (2 * (al * be) + (be - al) * P) -
                4 * (al * be) * ((P + al) * (be - P)) = (P * (al + be)) * (P * (al + be))) by ring.
    pose proof (sq_nonneg (P * (al + be))). lra.
Qed.

Lemma tangent_sqrt_b : forall ga P : R, 1 < ga -> 0 <= P -> P <= 1 ->
  2 * (ga - 1) + (2 - ga) * P >= 0 /\
  4 * (ga - 1) * ((1 - P) * (ga - 1 + P)) <= (2 * (ga - 1) + (2 - ga) * P) * (2 * (ga - 1) + (2 - ga) * P).
Proof.
  intros ga P Hga HP0 HP1. split.
  - assert (0 <= (ga - 1) * (2 - P)) by (apply Rmult_le_pos; lra). lra.
  - assert (E : (2 * (ga - 1) + (2 - ga) * P) * (2 * (ga - 1) + (2 - ga) * P) -
                4 * (ga - 1) * ((1 - P) * (ga - 1 + P)) = (P * ga) * (P * ga)) by ring.
    pose proof (sq_nonneg (P * ga)). lra.
Qed.

(* Lemma 2's factors: A = p1 p2, B = q1 q2 with p1 = w + ks c, p2 = s c ks - w, q1 = 1 - w,
   q2 = s c kn - 1 + w all positive (c = 1/(s-1)), and p2 q1 < q2 p1 (as 2 (s - 1) < kn). *)
Lemma lemma2_factors : forall s ks kn w c : R, c = 1 / (s - 1) -> s > 1 -> s < kn / 2 + 1 ->
  0 <= w -> w < 1 -> ks >= 1 ->
  0 < w + ks * c /\ 0 < s * c * ks - w /\ 0 < 1 - w /\ 0 < s * c * kn + - 1 + w /\
  (s * c * ks - w) * (1 - w) < (s * c * kn + - 1 + w) * (w + ks * c).
Proof.
  intros s ks kn w c Hc Hs Hsk Hw0 Hw1 Hks.
  assert (Hcp : 0 < c) by (rewrite Hc; apply div_pos; lra).
  assert (Hsc : s * c = 1 + c) by (rewrite Hc; field; lra).
  assert (Hkey : 0 < s * c * kn - 1 - s).
  { replace (s * c * kn - 1 - s) with ((s * kn - (s + 1) * (s - 1)) / (s - 1))
      by (rewrite Hc; field; lra).
    apply div_pos; [| lra].
    assert (s * (2 * s - 2) < s * kn) by (apply Rmult_lt_compat_l; lra).
    pose proof (sq_nonneg (s - 1)). nra. }
  assert (Hp1 : 0 < ks * c) by (apply Rmult_lt_0_compat; lra).
  assert (Hp2 : ks <= s * c * ks) by (rewrite Hsc; nra).
  assert (Ek : (s * c * kn + - 1 + w) * (w + ks * c) - (s * c * ks - w) * (1 - w) =
               ks * c * (s * c * kn - 1 - s) + w * (s * c * kn + ks * c + s * c * ks)) by ring.
  assert (0 < ks * c * (s * c * kn - 1 - s)) by (apply Rmult_lt_0_compat; lra).
  assert (0 <= w * (s * c * kn + ks * c + s * c * ks)) by (apply Rmult_le_pos; lra).
  split; [lra | split; [lra | split; [lra | split; [lra | lra]]]].
Qed.

(* uldp:statement prop4.output_distribution *)
Theorem step_prop4_output_distribution :
  forall (t ks kn p u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t >= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  p * (t / u) + (1 - p) * (1 / u) = up / u * p + 1 / u /\ p * (up / u) + (1 - p) * 0 = up / u * p.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement prop4.estimator_defined *)
Theorem step_prop4_estimator_defined :
  forall (t ks kn p u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  up > 0.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement prop4.estimator_inverts *)
Theorem step_prop4_estimator_inverts :
  forall (t ks kn p u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  v * (up / u * p + 1 / u) - 1 / up = p /\ v * (up / u * p) = p.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop4.u_v_positive *)
Theorem step_prop4_u_v_positive :
  forall (t ks kn p u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  u > 0 /\ v > 0.
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement prop4.loss_is_scaled_output_error *)
Theorem step_prop4_loss_is_scaled_output_error :
  forall (t ks kn p mh u up v m ph : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  m = p / v + 1 / u ->
  ph = v * mh - 1 / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  (if Rge_dec (ph - p) 0 then ph - p else p - ph) = v * (if Rge_dec (mh - m) 0 then mh - m else m - mh).
(* uldp:end *)
Proof.
  intros t ks kn p mh u up v m ph Hu Hup Hv Hm Hph Ht Hks Hkn Hp0 Hp1.
  assert (Hvpos : v > 0) by (rewrite Hv; apply div_pos; lra).
  assert (E1 : ph - p = v * (mh - m)) by (subst ph m v; field; split; lra).
  assert (E2 : p - ph = v * (m - mh)) by lra.
  rewrite E1, E2.
  destruct (Rge_dec (v * (mh - m)) 0) as [A|A]; destruct (Rge_dec (mh - m) 0) as [C|C];
    try reflexivity; exfalso; nra.
Qed.

(* uldp:statement prop4.expectation_rescaled *)
Theorem step_prop4_expectation_rescaled :
  forall (t ks kn n T ET u up v rn : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  0 <= rn /\ rn * rn = n ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  n >= 1 ->
  v * (if Rge_dec (T / n - ET / n) 0 then T / n - ET / n else ET / n - T / n) = v / rn * (if Rge_dec (T - ET) 0 then (T - ET) / rn else (ET - T) / rn).
(* uldp:end *)
Proof.
  intros t ks kn n T ET u up v rn Hu Hup Hv [Hrn Hrr] Ht Hks Hkn Hn.
  assert (Hrp : rn > 0) by nra.
  subst n.
  assert (E : T / (rn * rn) - ET / (rn * rn) = (T - ET) * (/ rn * / rn)) by (field; lra).
  assert (Hz : 0 < / rn * / rn) by (apply Rmult_lt_0_compat; apply Rinv_0_lt_compat; lra).
  destruct (Rge_dec (T / (rn * rn) - ET / (rn * rn)) 0) as [A|A];
    destruct (Rge_dec (T - ET) 0) as [C|C]; rewrite E in A.
  - field; lra.
  - exfalso. nra.
  - exfalso. nra.
  - field; lra.
Qed.

(* uldp:statement prop4.output_in_terms_of_p *)
Theorem step_prop4_output_in_terms_of_p :
  forall (t ks kn p u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  up / u * p + 1 / u = p / v + 1 / u /\ up / u * p = p / v.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop4.root_rewrite_sensitive *)
Theorem step_prop4_root_rewrite_sensitive :
  forall (t ks kn p u up v x y : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  0 <= x /\ x * x = (p / v + 1 / u) * (1 - p / v - 1 / u) ->
  0 <= y /\ y * y = (p + 1 / up) * (v - p - 1 / up) ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  v * x = y.
(* uldp:end *)
Proof. root_rewrite. Qed.

(* uldp:statement prop4.root_rewrite_nonsensitive *)
Theorem step_prop4_root_rewrite_nonsensitive :
  forall (t ks kn p u up v x y : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  0 <= x /\ x * x = p / v * (1 - p / v) ->
  0 <= y /\ y * y = p * (v - p) ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  v * x = y.
(* uldp:end *)
Proof. root_rewrite. Qed.

(* uldp:statement lemma1.v_bounds *)
Theorem step_lemma1_v_bounds :
  forall (t ks kn w u up v A B dA dB : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (w + ks / up) * (v * ks - w - ks / up) ->
  B = (1 - w) * (v * kn + - 1 + w) ->
  dA = - 2 * w + ks * (v - 2 / up) ->
  dB = - 2 * w + (- (v * kn) + 2) ->
  t > 1 ->
  t < kn + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  v >= 1 /\ v - 1 / up = (ks - 1) / up + 1 /\ v - 1 / up >= 1.
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement lemma1.a_b_positive *)
Theorem step_lemma1_a_b_positive :
  forall (t ks kn w u up v A B dA dB : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (w + ks / up) * (v * ks - w - ks / up) ->
  B = (1 - w) * (v * kn + - 1 + w) ->
  dA = - 2 * w + ks * (v - 2 / up) ->
  dB = - 2 * w + (- (v * kn) + 2) ->
  t > 1 ->
  t < kn + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  A > 0 /\ B > 0.
(* uldp:end *)
Proof.
  intros t ks kn w u up v A B dA dB Hu Hup Hv HA HB HdA HdB Ht Hkn Hw0 Hw1 Hks.
  subst u up v A B.
  destruct (lemma1_factors t ks kn w Ht Hkn Hw0 Hw1 Hks) as [P1 [P2 [Q1 [Q2 _]]]].
  split; apply Rmult_lt_0_compat; assumption.
Qed.

(* uldp:statement lemma1.derivative_of_a *)
Theorem step_lemma1_derivative_of_a :
  forall (t ks kn w h u up v A B dA dB Ah : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (w + ks / up) * (v * ks - w - ks / up) ->
  B = (1 - w) * (v * kn + - 1 + w) ->
  dA = - 2 * w + ks * (v - 2 / up) ->
  dB = - 2 * w + (- (v * kn) + 2) ->
  Ah = (w + h + ks / up) * (v * ks - (w + h) - ks / up) ->
  t > 1 ->
  t < kn + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  Ah - A = h * dA - h * h.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma1.derivative_of_b *)
Theorem step_lemma1_derivative_of_b :
  forall (t ks kn w h u up v A B dA dB Bh : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (w + ks / up) * (v * ks - w - ks / up) ->
  B = (1 - w) * (v * kn + - 1 + w) ->
  dA = - 2 * w + ks * (v - 2 / up) ->
  dB = - 2 * w + (- (v * kn) + 2) ->
  Bh = (1 - (w + h)) * (v * kn + - 1 + (w + h)) ->
  t > 1 ->
  t < kn + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  Bh - B = h * dB - h * h.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma1.regroup *)
Theorem step_lemma1_regroup :
  forall (t ks kn w u up v A B dA dB : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (w + ks / up) * (v * ks - w - ks / up) ->
  B = (1 - w) * (v * kn + - 1 + w) ->
  dA = - 2 * w + ks * (v - 2 / up) ->
  dB = - 2 * w + (- (v * kn) + 2) ->
  t > 1 ->
  t < kn + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  kn >= 1 ->
  dA + dB = - 4 * w + ks * (v - 2 / up) - kn * (v - 2 / kn).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement lemma1.simplify *)
Theorem step_lemma1_simplify :
  forall (t ks kn w u up v A B dA dB : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (w + ks / up) * (v * ks - w - ks / up) ->
  B = (1 - w) * (v * kn + - 1 + w) ->
  dA = - 2 * w + ks * (v - 2 / up) ->
  dB = - 2 * w + (- (v * kn) + 2) ->
  t > 1 ->
  t < kn + 1 ->
  0 <= w ->
  w < 1 ->
  kn >= 1 ->
  - 4 * w + kn * (v - 2 / up) - kn * (v - 2 / kn) = - 4 * w + 2 * kn * (1 / kn - 1 / up).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma1.bracket_negative *)
Theorem step_lemma1_bracket_negative :
  forall (t ks kn w u up v A B dA dB : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (w + ks / up) * (v * ks - w - ks / up) ->
  B = (1 - w) * (v * kn + - 1 + w) ->
  dA = - 2 * w + ks * (v - 2 / up) ->
  dB = - 2 * w + (- (v * kn) + 2) ->
  t > 1 ->
  t < kn + 1 ->
  1 / kn - 1 / up < 0.
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement lemma1.derivative_negative *)
Theorem step_lemma1_derivative_negative :
  forall (t ks kn w u up v A B dA dB a b : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (w + ks / up) * (v * ks - w - ks / up) ->
  B = (1 - w) * (v * kn + - 1 + w) ->
  dA = - 2 * w + ks * (v - 2 / up) ->
  dB = - 2 * w + (- (v * kn) + 2) ->
  0 <= a /\ a * a = A ->
  0 <= b /\ b * b = B ->
  t > 1 ->
  t < kn + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  ks <= kn ->
  a > 0 ->
  b > 0 ->
  dA * b + dB * a < 0.
(* uldp:end *)
Proof.
  intros t ks kn w u up v A B dA dB a b Hu Hup Hv HA HB HdA HdB [Ha Haa] [Hb Hbb]
    Ht Hkn Hw0 Hw1 Hks Hkskn Ha0 Hb0.
  subst u up v A B dA dB.
  destruct (lemma1_factors t ks kn w Ht Hkn Hw0 Hw1 Hks) as [P1 [P2 [Q1 [Q2 K]]]].
  pose proof (root_slope_negative _ _ _ _ a b P1 P2 Q1 Q2 K (Rlt_le _ _ Ha0) Haa
                (Rlt_le _ _ Hb0) Hbb) as S.
  replace (- 2 * w + ks * ((ks + t - 1) / (t - 1) - 2 / (t - 1)))
    with ((ks + t - 1) / (t - 1) * ks - w - ks / (t - 1) - (w + ks / (t - 1))) by (field; lra).
  replace (- 2 * w + (- ((ks + t - 1) / (t - 1) * kn) + 2))
    with (1 - w - ((ks + t - 1) / (t - 1) * kn + - 1 + w)) by ring.
  exact S.
Qed.

(* uldp:statement prop5.cauchy_schwarz *)
Theorem step_prop5_cauchy_schwarz :
  forall (a21 a22 a31 a32 a33 a41 a42 a43 a44 r21 r22 R2 r31 r32 r33 R3 r41 r42 r43 r44 R4 : R),
  0 <= r21 /\ r21 * r21 = a21 ->
  0 <= r22 /\ r22 * r22 = a22 ->
  0 <= R2 /\ R2 * R2 = 2 * (a21 + a22) ->
  0 <= r31 /\ r31 * r31 = a31 ->
  0 <= r32 /\ r32 * r32 = a32 ->
  0 <= r33 /\ r33 * r33 = a33 ->
  0 <= R3 /\ R3 * R3 = 3 * (a31 + a32 + a33) ->
  0 <= r41 /\ r41 * r41 = a41 ->
  0 <= r42 /\ r42 * r42 = a42 ->
  0 <= r43 /\ r43 * r43 = a43 ->
  0 <= r44 /\ r44 * r44 = a44 ->
  0 <= R4 /\ R4 * R4 = 4 * (a41 + a42 + a43 + a44) ->
  a21 >= 0 ->
  a22 >= 0 ->
  a31 >= 0 ->
  a32 >= 0 ->
  a33 >= 0 ->
  a41 >= 0 ->
  a42 >= 0 ->
  a43 >= 0 ->
  a44 >= 0 ->
  r21 + r22 <= R2 /\ (r21 + r22 = R2 -> a22 = a21) /\ r31 + r32 + r33 <= R3 /\ (r31 + r32 + r33 = R3 -> (a32 = a31 /\ a33 = a31)) /\ r41 + r42 + r43 + r44 <= R4 /\ (r41 + r42 + r43 + r44 = R4 -> (a42 = a41 /\ a43 = a41 /\ a44 = a41)).
(* uldp:end *)
Proof.
  intros a21 a22 a31 a32 a33 a41 a42 a43 a44 r21 r22 R2 r31 r32 r33 R3 r41 r42 r43 r44 R4
    [H21 E21] [H22 E22] [HR2 ER2] [H31 E31] [H32 E32] [H33 E33] [HR3 ER3]
    [H41 E41] [H42 E42] [H43 E43] [H44 E44] [HR4 ER4] _ _ _ _ _ _ _ _ _.
  subst a21 a22 a31 a32 a33 a41 a42 a43 a44.
  destruct (cauchy_schwarz_2 r21 r22 R2 HR2 ER2) as [C2 Q2].
  destruct (cauchy_schwarz_3 r31 r32 r33 R3 HR3 ER3) as [C3 Q3].
  destruct (cauchy_schwarz_4 r41 r42 r43 r44 R4 HR4 ER4) as [C4 Q4].
  split; [exact C2 | split; [ | split; [exact C3 | split; [ | split; [exact C4 | ]]]]].
  - intro E. rewrite (Q2 E). reflexivity.
  - intro E. destruct (Q3 E) as [-> ->]. split; reflexivity.
  - intro E. destruct (Q4 E) as [-> [-> ->]]. split; [reflexivity | split; reflexivity].
Qed.

(* uldp:statement prop5.class_average_sensitive *)
Theorem step_prop5_class_average_sensitive :
  forall (t ks kn P S2 u up v c : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  c = 1 / up ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  ks * S2 >= P * P ->
  (v - 2 * c) * P + ks * c * (v - c) - S2 <= ks * (P / ks + c) * (v - P / ks - c).
(* uldp:end *)
Proof.
  intros t ks kn P S2 u up v c Hu Hup Hv Hc Ht Htk Hks HP0 HP1 HS.
  assert (E : ks * (P / ks + c) * (v - P / ks - c) - ((v - 2 * c) * P + ks * c * (v - c) - S2) =
              (ks * S2 - P * P) / ks) by (field; lra).
  assert (0 <= (ks * S2 - P * P) / ks) by (apply div_nonneg; lra).
  lra.
Qed.

(* uldp:statement prop5.class_average_nonsensitive *)
Theorem step_prop5_class_average_nonsensitive :
  forall (t ks kn P S2 u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  kn >= 1 ->
  kn * S2 >= (1 - P) * (1 - P) ->
  v * (1 - P) - S2 <= kn * ((1 - P) / kn) * (v - (1 - P) / kn).
(* uldp:end *)
Proof.
  intros t ks kn P S2 u up v Hu Hup Hv Ht Htk Hks HP0 HP1 Hkn HS.
  assert (E : kn * ((1 - P) / kn) * (v - (1 - P) / kn) - (v * (1 - P) - S2) =
              (kn * S2 - (1 - P) * (1 - P)) / kn) by (field; lra).
  assert (0 <= (kn * S2 - (1 - P) * (1 - P)) / kn) by (apply div_nonneg; lra).
  lra.
Qed.

(* uldp:statement prop5.in_terms_of_f *)
Theorem step_prop5_in_terms_of_f :
  forall (t ks kn P u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  kn >= 1 ->
  ks * ks * (P / ks + 1 / up) * (v - P / ks - 1 / up) = (P + ks / up) * (v * ks - P - ks / up) /\ kn * kn * ((1 - P) / kn) * (v - (1 - P) / kn) = (1 - P) * (v * kn + - 1 + P).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop5.maximum_at_zero.tangent_a *)
Theorem step_prop5_maximum_at_zero_tangent_a :
  forall (t ks kn P u up v A B dA0 dB0 A0 B0 : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (P + ks / up) * (v * ks - P - ks / up) ->
  B = (1 - P) * (v * kn + - 1 + P) ->
  dA0 = ks * (v - 2 / up) ->
  dB0 = 2 - v * kn ->
  A0 = (0 + ks / up) * (v * ks - 0 - ks / up) ->
  B0 = (1 - 0) * (v * kn + - 1 + 0) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  A0 > 0 ->
  B0 > 0 ->
  A >= 0 ->
  B >= 0 ->
  2 * A0 + dA0 * P >= 0 /\ 4 * A0 * A <= (2 * A0 + dA0 * P) * (2 * A0 + dA0 * P).
(* uldp:end *)
Proof.
  intros t ks kn P u up v A B dA0 dB0 A0 B0 Hu Hup Hv HA HB HdA HdB HA0 HB0
    Ht Htk Hks HP0 HP1 HA0p HB0p HAp HBp.
  assert (Hal : 0 < ks / up) by (apply div_pos; lra).
  assert (Hbe : 1 <= v * ks - ks / up)
    by (subst u up v; pose proof (beta_ge_1 t ks Ht Hks); lra).
  assert (E1 : A0 = ks / up * (v * ks - ks / up)) by (subst A0; ring).
  assert (E2 : dA0 = (v * ks - ks / up) - ks / up) by (subst dA0; unfold Rdiv; ring).
  assert (E3 : A = (P + ks / up) * ((v * ks - ks / up) - P)) by (subst A; ring).
  rewrite E1, E2, E3.
  exact (tangent_sqrt _ _ P Hal Hbe HP0 HP1).
Qed.

(* uldp:statement prop5.maximum_at_zero.tangent_b *)
Theorem step_prop5_maximum_at_zero_tangent_b :
  forall (t ks kn P u up v A B dA0 dB0 A0 B0 : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (P + ks / up) * (v * ks - P - ks / up) ->
  B = (1 - P) * (v * kn + - 1 + P) ->
  dA0 = ks * (v - 2 / up) ->
  dB0 = 2 - v * kn ->
  A0 = (0 + ks / up) * (v * ks - 0 - ks / up) ->
  B0 = (1 - 0) * (v * kn + - 1 + 0) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  A0 > 0 ->
  B0 > 0 ->
  A >= 0 ->
  B >= 0 ->
  2 * B0 + dB0 * P >= 0 /\ 4 * B0 * B <= (2 * B0 + dB0 * P) * (2 * B0 + dB0 * P).
(* uldp:end *)
Proof.
  intros t ks kn P u up v A B dA0 dB0 A0 B0 Hu Hup Hv HA HB HdA HdB HA0 HB0
    Ht Htk Hks HP0 HP1 HA0p HB0p HAp HBp.
  assert (Hga : 1 < v * kn) by (rewrite HB0 in HB0p; lra).
  assert (E1 : B0 = v * kn - 1) by (subst B0; ring).
  assert (E2 : dB0 = 2 - v * kn) by (subst dB0; ring).
  assert (E3 : B = (1 - P) * (v * kn - 1 + P)) by (subst B; ring).
  rewrite E1, E2, E3.
  exact (tangent_sqrt_b _ P Hga HP0 HP1).
Qed.

(* uldp:statement prop5.maximum_at_zero.slope_at_zero *)
Theorem step_prop5_maximum_at_zero_slope_at_zero :
  forall (t ks kn P u up v A B dA0 dB0 A0 B0 : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  A = (P + ks / up) * (v * ks - P - ks / up) ->
  B = (1 - P) * (v * kn + - 1 + P) ->
  dA0 = ks * (v - 2 / up) ->
  dB0 = 2 - v * kn ->
  A0 = (0 + ks / up) * (v * ks - 0 - ks / up) ->
  B0 = (1 - 0) * (v * kn + - 1 + 0) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  A0 > 0 ->
  B0 > 0 ->
  A >= 0 ->
  B >= 0 ->
  (dA0 <= 0 /\ dB0 <= 0) \/ (dA0 > 0 /\ dB0 < 0 /\ dA0 * dA0 * B0 <= dB0 * dB0 * A0) \/ (dA0 < 0 /\ dB0 > 0 /\ dB0 * dB0 * A0 <= dA0 * dA0 * B0).
(* uldp:end *)
Proof.
  intros t ks kn P u up v A B dA0 dB0 A0 B0 Hu Hup Hv HA HB HdA HdB HA0 HB0
    Ht Htk Hks HP0 HP1 HA0p HB0p HAp HBp.
  assert (Hz : 0 <= 0) by lra. assert (Hz1 : 0 < 1) by lra.
  destruct (lemma1_factors t ks kn 0 Ht Htk Hz Hz1 Hks) as [P1 [P2 [Q1 [Q2 K]]]].
  subst u up v.
  assert (K' : ((ks + t - 1) / (t - 1) * ks - ks / (t - 1)) * 1 <=
               ((ks + t - 1) / (t - 1) * kn - 1) * (ks / (t - 1))) by lra.
  assert (P1' : 0 < ks / (t - 1)) by lra.
  assert (P2' : 0 < (ks + t - 1) / (t - 1) * ks - ks / (t - 1)) by lra.
  assert (Q2' : 0 < (ks + t - 1) / (t - 1) * kn - 1) by lra.
  pose proof (slope_cases _ _ _ _ P1' P2' Hz1 Q2' K') as S.
  assert (E1 : A0 = ks / (t - 1) * ((ks + t - 1) / (t - 1) * ks - ks / (t - 1))) by (subst A0; ring).
  assert (E2 : B0 = 1 * ((ks + t - 1) / (t - 1) * kn - 1)) by (subst B0; ring).
  assert (E3 : dA0 = (ks + t - 1) / (t - 1) * ks - ks / (t - 1) - ks / (t - 1))
    by (subst dA0; unfold Rdiv; ring).
  assert (E4 : dB0 = 1 - ((ks + t - 1) / (t - 1) * kn - 1)) by (subst dB0; ring).
  rewrite E1, E2, E3, E4. exact S.
Qed.

(* uldp:statement prop5.maximum_at_zero *)
Theorem step_prop5_maximum_at_zero :
  forall (P a b a0 b0 dA0 dB0 : R),
  0 <= P ->
  P <= 1 ->
  a >= 0 ->
  b >= 0 ->
  a0 > 0 ->
  b0 > 0 ->
  2 * a0 * a <= 2 * a0 * a0 + dA0 * P ->
  2 * b0 * b <= 2 * b0 * b0 + dB0 * P ->
  dA0 * b0 + dB0 * a0 <= 0 ->
  a + b <= a0 + b0.
(* uldp:end *)
Proof.
  intros P a b a0 b0 dA0 dB0 HP0 HP1 Ha Hb Ha0 Hb0 HA HB Hslope.
  assert (Hprod : 0 < a0 * b0) by nra.
  assert (Hsum : a0 * b0 * (a + b) <= a0 * b0 * (a0 + b0)) by nra.
  apply (Rmult_le_reg_l (a0 * b0)); lra.
Qed.

(* uldp:statement prop5.closed_form *)
Theorem step_prop5_closed_form :
  forall (t ks kn P u up v a0 a1 a2 b0 b1 : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  0 <= a0 /\ a0 * a0 = ks / up * (v * ks - ks / up) ->
  0 <= a1 /\ a1 * a1 = ks * ks / up * (v - 1 / up) ->
  0 <= a2 /\ a2 * a2 = ks + t - 2 ->
  0 <= b0 /\ b0 * b0 = v * kn - 1 ->
  0 <= b1 /\ b1 * b1 = ks * kn / up + kn - 1 ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  kn >= 1 ->
  a0 = a1 /\ a1 = ks * a2 / up /\ b0 = b1.
(* uldp:end *)
Proof.
  intros t ks kn P u up v a0 a1 a2 b0 b1 Hu Hup Hv [Ha0 Ea0] [Ha1 Ea1] [Ha2 Ea2] [Hb0 Eb0]
    [Hb1 Eb1] Ht Htk Hks HP0 HP1 Hkn.
  assert (Hupp : up > 0) by lra.
  split; [| split].
  - apply sq_eq; [exact Ha0 | exact Ha1 | rewrite Ea0, Ea1; subst v; field; lra].
  - apply sq_eq; [exact Ha1 | apply div_nonneg; [apply Rmult_le_pos; lra | lra] | ].
    replace (ks * a2 / up * (ks * a2 / up)) with (ks * ks * (a2 * a2) / (up * up)) by (field; lra).
    rewrite Ea1, Ea2. subst v u up. field. lra.
  - apply sq_eq; [exact Hb0 | exact Hb1 | rewrite Eb0, Eb1; subst v u up; field; lra].
Qed.

(* uldp:statement prop6.p_star_is_a_distribution *)
Theorem step_prop6_p_star_is_a_distribution :
  forall (t ks kn u up v k pS pN : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  k = ks + kn ->
  pS = (1 - kn / up) / k ->
  pN = (1 + ks / up) / k ->
  t >= kn + 1 ->
  ks >= 1 ->
  kn >= 1 ->
  pS >= 0 /\ pN >= 0 /\ ks * pS + kn * pN = 1.
(* uldp:end *)
Proof.
  intros t ks kn u up v k pS pN Hu Hup Hv Hk HpS HpN Ht Hks Hkn.
  assert (Hupp : up > 0) by lra.
  assert (Hkp : k > 0) by lra.
  split; [| split].
  - rewrite HpS. apply Rle_ge, div_nonneg; [| lra].
    assert (kn / up <= 1) by (apply (Rmult_le_reg_r up); [lra | unfold Rdiv; rewrite Rmult_assoc, Rinv_l; lra]).
    lra.
  - rewrite HpN. apply Rle_ge, div_nonneg; [| lra].
    assert (0 <= ks / up) by (apply div_nonneg; lra). lra.
  - subst pS pN k. field. lra.
Qed.

(* uldp:statement prop6.uniform_output_sensitive *)
Theorem step_prop6_uniform_output_sensitive :
  forall (t ks kn u up v k pS pN : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  k = ks + kn ->
  pS = (1 - kn / up) / k ->
  pN = (1 + ks / up) / k ->
  t >= kn + 1 ->
  ks >= 1 ->
  kn >= 1 ->
  up / u * pS + 1 / u = (up - kn + ks + kn) / (u * k) /\ (up - kn + ks + kn) / (u * k) = 1 / k.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop6.uniform_output_nonsensitive *)
Theorem step_prop6_uniform_output_nonsensitive :
  forall (t ks kn u up v k pS pN : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  k = ks + kn ->
  pS = (1 - kn / up) / k ->
  pN = (1 + ks / up) / k ->
  t >= kn + 1 ->
  ks >= 1 ->
  kn >= 1 ->
  up / u * pN = 1 / k.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop6.cauchy_schwarz *)
Theorem step_prop6_cauchy_schwarz :
  forall (a21 a22 a31 a32 a33 a41 a42 a43 a44 r21 r22 R2 r31 r32 r33 R3 r41 r42 r43 r44 R4 : R),
  0 <= r21 /\ r21 * r21 = a21 ->
  0 <= r22 /\ r22 * r22 = a22 ->
  0 <= R2 /\ R2 * R2 = 2 * (a21 + a22) ->
  0 <= r31 /\ r31 * r31 = a31 ->
  0 <= r32 /\ r32 * r32 = a32 ->
  0 <= r33 /\ r33 * r33 = a33 ->
  0 <= R3 /\ R3 * R3 = 3 * (a31 + a32 + a33) ->
  0 <= r41 /\ r41 * r41 = a41 ->
  0 <= r42 /\ r42 * r42 = a42 ->
  0 <= r43 /\ r43 * r43 = a43 ->
  0 <= r44 /\ r44 * r44 = a44 ->
  0 <= R4 /\ R4 * R4 = 4 * (a41 + a42 + a43 + a44) ->
  a21 >= 0 ->
  a22 >= 0 ->
  a31 >= 0 ->
  a32 >= 0 ->
  a33 >= 0 ->
  a41 >= 0 ->
  a42 >= 0 ->
  a43 >= 0 ->
  a44 >= 0 ->
  r21 + r22 <= R2 /\ (r21 + r22 = R2 -> a22 = a21) /\ r31 + r32 + r33 <= R3 /\ (r31 + r32 + r33 = R3 -> (a32 = a31 /\ a33 = a31)) /\ r41 + r42 + r43 + r44 <= R4 /\ (r41 + r42 + r43 + r44 = R4 -> (a42 = a41 /\ a43 = a41 /\ a44 = a41)).
(* uldp:end *)
Proof. exact step_prop5_cauchy_schwarz. Qed.

(* uldp:statement prop6.bound_at_uniform_output *)
Theorem step_prop6_bound_at_uniform_output :
  forall (t ks kn S2 u up v k pS pN lhs rhs : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  k = ks + kn ->
  pS = (1 - kn / up) / k ->
  pN = (1 + ks / up) / k ->
  0 <= lhs /\ lhs * lhs = k * (1 - S2) ->
  0 <= rhs /\ rhs * rhs = k * (1 - 1 / k) ->
  t >= kn + 1 ->
  ks >= 1 ->
  kn >= 1 ->
  k * S2 >= 1 ->
  S2 <= 1 ->
  v * lhs <= v * rhs.
(* uldp:end *)
Proof.
  intros t ks kn S2 u up v k pS pN lhs rhs Hu Hup Hv Hk HpS HpN [Hl El] [Hr Er] Ht Hks Hkn HS1 HS2.
  assert (Hvp : v > 0) by (rewrite Hv; apply div_pos; lra).
  assert (lhs <= rhs) by (apply sq_le; [exact Hr | rewrite El, Er; replace (k * (1 - 1 / k)) with (k - 1) by (field; lra); lra]).
  apply Rmult_le_compat_l; lra.
Qed.

(* uldp:statement prop6.closed_form *)
Theorem step_prop6_closed_form :
  forall (t ks kn u up v k pS pN lhs rhs : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  k = ks + kn ->
  pS = (1 - kn / up) / k ->
  pN = (1 + ks / up) / k ->
  0 <= lhs /\ lhs * lhs = k * k * (1 / k) * (1 - 1 / k) ->
  0 <= rhs /\ rhs * rhs = k - 1 ->
  t >= kn + 1 ->
  ks >= 1 ->
  kn >= 1 ->
  v * lhs = rhs * ((ks + t - 1) / up).
(* uldp:end *)
Proof.
  intros t ks kn u up v k pS pN lhs rhs Hu Hup Hv Hk HpS HpN [Hl El] [Hr Er] Ht Hks Hkn.
  assert (E : lhs = rhs) by (apply sq_eq; [exact Hl | exact Hr | rewrite El, Er; field; lra]).
  rewrite E, Hv, Hu, Hup. ring.
Qed.

(* uldp:statement prop7.output_distribution *)
Theorem step_prop7_output_distribution :
  forall (s ks kn c p up u vS vN theta d1 d2 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  s >= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  p * theta + (1 - p) * d1 = up / u * p + 1 / u /\ p * (1 - d2) = up / s * p.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop7.estimator_defined *)
Theorem step_prop7_estimator_defined :
  forall (s ks kn c p up u vS vN theta d1 d2 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  up > 0.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement prop7.estimator_inverts *)
Theorem step_prop7_estimator_inverts :
  forall (s ks kn c p up u vS vN theta d1 d2 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  vS * (up / u * p + 1 / u) - c = p /\ vN * (up / s * p) = p.
(* uldp:end *)
Proof. step_intros2; step_cases; step_field. Qed.

(* uldp:statement prop7.v_positive *)
Theorem step_prop7_v_positive :
  forall (s ks kn c p up u vS vN theta d1 d2 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  vS > 0 /\ vN > 0.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; nra. Qed.

(* uldp:statement prop7.gains_in_terms_of_u *)
Theorem step_prop7_gains_in_terms_of_u :
  forall (s ks kn c p up u vS vN theta d1 d2 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  vS = u / up /\ vN = (u - 1) / up.
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement prop7.output_in_terms_of_p *)
Theorem step_prop7_output_in_terms_of_p :
  forall (s ks kn c p up u vS vN theta d1 d2 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  up / u * p + 1 / u = p / vS + 1 / u /\ up / s * p = p / vN.
(* uldp:end *)
Proof. step_intros2; step_cases; step_field. Qed.

(* uldp:statement prop7.root_rewrite_sensitive *)
Theorem step_prop7_root_rewrite_sensitive :
  forall (s ks kn c p up u vS vN theta d1 d2 x y : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  0 <= x /\ x * x = (p / vS + 1 / u) * (1 - p / vS - 1 / u) ->
  0 <= y /\ y * y = (p + c) * (vS - p - c) ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  vS * x = y.
(* uldp:end *)
Proof. root_rewrite. Qed.

(* uldp:statement prop7.root_rewrite_nonsensitive *)
Theorem step_prop7_root_rewrite_nonsensitive :
  forall (s ks kn c p up u vS vN theta d1 d2 x y : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  0 <= x /\ x * x = p / vN * (1 - p / vN) ->
  0 <= y /\ y * y = p * (vN - p) ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  vN * x = y.
(* uldp:end *)
Proof. root_rewrite. Qed.

(* uldp:statement prop7.gain_difference *)
Theorem step_prop7_gain_difference :
  forall (s ks kn c p up u vS vN theta d1 d2 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  theta = s / (s + 1) ->
  d1 = theta / ((1 - theta) * s * s + theta) ->
  d2 = ((1 - theta) * s * s + theta) / (s * s) ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  vS - p - c = vN - p.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma2.a_b_positive *)
Theorem step_lemma2_a_b_positive :
  forall (s ks kn w up u c vS vN A B dA dB : R),
  up = s - 1 ->
  u = s + 1 ->
  c = 1 / up ->
  vS = u * c ->
  vN = s * c ->
  A = (w + ks * c) * (vN * ks - w) ->
  B = (1 - w) * (vN * kn + - 1 + w) ->
  dA = - 2 * w + ks * (vN - c) ->
  dB = - 2 * w + (- (vN * kn) + 2) ->
  s > 1 ->
  s < kn / 2 + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  A > 0 /\ B > 0.
(* uldp:end *)
Proof.
  intros s ks kn w up u c vS vN A B dA dB Hup Hu Hc HvS HvN HA HB HdA HdB Hs Hsk Hw0 Hw1 Hks.
  subst up. subst vN A B.
  destruct (lemma2_factors s ks kn w c Hc Hs Hsk Hw0 Hw1 Hks) as [P1 [P2 [Q1 [Q2 _]]]].
  split; apply Rmult_lt_0_compat; assumption.
Qed.

(* uldp:statement lemma2.derivative_of_a *)
Theorem step_lemma2_derivative_of_a :
  forall (s ks kn w h up u c vS vN A B dA dB Ah : R),
  up = s - 1 ->
  u = s + 1 ->
  c = 1 / up ->
  vS = u * c ->
  vN = s * c ->
  A = (w + ks * c) * (vN * ks - w) ->
  B = (1 - w) * (vN * kn + - 1 + w) ->
  dA = - 2 * w + ks * (vN - c) ->
  dB = - 2 * w + (- (vN * kn) + 2) ->
  Ah = (w + h + ks * c) * (vN * ks - (w + h)) ->
  s > 1 ->
  s < kn / 2 + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  Ah - A = h * dA - h * h.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma2.derivative_of_b *)
Theorem step_lemma2_derivative_of_b :
  forall (s ks kn w h up u c vS vN A B dA dB Bh : R),
  up = s - 1 ->
  u = s + 1 ->
  c = 1 / up ->
  vS = u * c ->
  vN = s * c ->
  A = (w + ks * c) * (vN * ks - w) ->
  B = (1 - w) * (vN * kn + - 1 + w) ->
  dA = - 2 * w + ks * (vN - c) ->
  dB = - 2 * w + (- (vN * kn) + 2) ->
  Bh = (1 - (w + h)) * (vN * kn + - 1 + (w + h)) ->
  s > 1 ->
  s < kn / 2 + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  Bh - B = h * dB - h * h.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma2.sensitive_at_most_nonsensitive *)
Theorem step_lemma2_sensitive_at_most_nonsensitive :
  forall (s ks kn w C up u c vS vN A B dA dB : R),
  up = s - 1 ->
  u = s + 1 ->
  c = 1 / up ->
  vS = u * c ->
  vN = s * c ->
  A = (w + ks * c) * (vN * ks - w) ->
  B = (1 - w) * (vN * kn + - 1 + w) ->
  dA = - 2 * w + ks * (vN - c) ->
  dB = - 2 * w + (- (vN * kn) + 2) ->
  s > 1 ->
  s < kn / 2 + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  kn >= 1 ->
  ks <= kn ->
  C > 0 ->
  (- 4 * w + ks * (vN - c) - kn * (vN - 2 / kn)) / C <= (- 4 * w + kn * (vN - c) - kn * (vN - 2 / kn)) / C.
(* uldp:end *)
Proof.
  intros s ks kn w C up u c vS vN A B dA dB Hup Hu Hc HvS HvN HA HB HdA HdB Hs Hsk Hw0 Hw1 Hks
    Hkn Hkskn HC.
  assert (E : vN - c = 1) by (subst vN c up; field; lra).
  rewrite E. unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra | lra].
Qed.

(* uldp:statement lemma2.simplify *)
Theorem step_lemma2_simplify :
  forall (s ks kn w up u c vS vN A B dA dB : R),
  up = s - 1 ->
  u = s + 1 ->
  c = 1 / up ->
  vS = u * c ->
  vN = s * c ->
  A = (w + ks * c) * (vN * ks - w) ->
  B = (1 - w) * (vN * kn + - 1 + w) ->
  dA = - 2 * w + ks * (vN - c) ->
  dB = - 2 * w + (- (vN * kn) + 2) ->
  s > 1 ->
  s < kn / 2 + 1 ->
  0 <= w ->
  w < 1 ->
  kn >= 1 ->
  - 4 * w + kn * (vN - c) - kn * (vN - 2 / kn) = - 4 * w + kn * (2 / kn - c).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma2.bracket_negative *)
Theorem step_lemma2_bracket_negative :
  forall (s ks kn w up u c vS vN A B dA dB : R),
  up = s - 1 ->
  u = s + 1 ->
  c = 1 / up ->
  vS = u * c ->
  vN = s * c ->
  A = (w + ks * c) * (vN * ks - w) ->
  B = (1 - w) * (vN * kn + - 1 + w) ->
  dA = - 2 * w + ks * (vN - c) ->
  dB = - 2 * w + (- (vN * kn) + 2) ->
  s > 1 ->
  s < kn / 2 + 1 ->
  2 / kn - c < 0.
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement lemma2.derivative_negative *)
Theorem step_lemma2_derivative_negative :
  forall (s ks kn w up u c vS vN A B dA dB : R),
  up = s - 1 ->
  u = s + 1 ->
  c = 1 / up ->
  vS = u * c ->
  vN = s * c ->
  A = (w + ks * c) * (vN * ks - w) ->
  B = (1 - w) * (vN * kn + - 1 + w) ->
  dA = - 2 * w + ks * (vN - c) ->
  dB = - 2 * w + (- (vN * kn) + 2) ->
  s > 1 ->
  s < kn / 2 + 1 ->
  0 <= w ->
  w < 1 ->
  ks >= 1 ->
  ks <= kn ->
  A > 0 ->
  B > 0 ->
  (dA <= 0 /\ dB < 0) \/ (dA < 0 /\ dB <= 0) \/ (dA > 0 /\ dB < 0 /\ dA * dA * B < dB * dB * A) \/ (dA < 0 /\ dB > 0 /\ dB * dB * A < dA * dA * B).
(* uldp:end *)
Proof.
  intros s ks kn w up u c vS vN A B dA dB Hup Hu Hc HvS HvN HA HB HdA HdB Hs Hsk Hw0 Hw1 Hks
    Hkskn HAp HBp.
  subst up. subst vN A B dA dB.
  destruct (lemma2_factors s ks kn w c Hc Hs Hsk Hw0 Hw1 Hks) as [P1 [P2 [Q1 [Q2 K]]]].
  pose proof (slope_cases_strict _ _ _ _ P1 P2 Q1 Q2 K) as S.
  replace (- 2 * w + ks * (s * c - c)) with (s * c * ks - w - (w + ks * c)) by ring.
  replace (- 2 * w + (- (s * c * kn) + 2)) with (1 - w - (s * c * kn + - 1 + w)) by ring.
  exact S.
Qed.

(* uldp:statement prop8.cauchy_schwarz *)
Theorem step_prop8_cauchy_schwarz :
  forall (a21 a22 a31 a32 a33 a41 a42 a43 a44 r21 r22 R2 r31 r32 r33 R3 r41 r42 r43 r44 R4 : R),
  0 <= r21 /\ r21 * r21 = a21 ->
  0 <= r22 /\ r22 * r22 = a22 ->
  0 <= R2 /\ R2 * R2 = 2 * (a21 + a22) ->
  0 <= r31 /\ r31 * r31 = a31 ->
  0 <= r32 /\ r32 * r32 = a32 ->
  0 <= r33 /\ r33 * r33 = a33 ->
  0 <= R3 /\ R3 * R3 = 3 * (a31 + a32 + a33) ->
  0 <= r41 /\ r41 * r41 = a41 ->
  0 <= r42 /\ r42 * r42 = a42 ->
  0 <= r43 /\ r43 * r43 = a43 ->
  0 <= r44 /\ r44 * r44 = a44 ->
  0 <= R4 /\ R4 * R4 = 4 * (a41 + a42 + a43 + a44) ->
  a21 >= 0 ->
  a22 >= 0 ->
  a31 >= 0 ->
  a32 >= 0 ->
  a33 >= 0 ->
  a41 >= 0 ->
  a42 >= 0 ->
  a43 >= 0 ->
  a44 >= 0 ->
  r21 + r22 <= R2 /\ (r21 + r22 = R2 -> a22 = a21) /\ r31 + r32 + r33 <= R3 /\ (r31 + r32 + r33 = R3 -> (a32 = a31 /\ a33 = a31)) /\ r41 + r42 + r43 + r44 <= R4 /\ (r41 + r42 + r43 + r44 = R4 -> (a42 = a41 /\ a43 = a41 /\ a44 = a41)).
(* uldp:end *)
Proof. exact step_prop5_cauchy_schwarz. Qed.

(* uldp:statement prop8.class_average_sensitive *)
Theorem step_prop8_class_average_sensitive :
  forall (s ks kn c P S2 up u vS vN : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  ks * S2 >= P * P ->
  vN * P + c * vN * ks - S2 - c * P <= ks * (P / ks + c) * (vN - P / ks).
(* uldp:end *)
Proof.
  intros s ks kn c P S2 up u vS vN Hup Hu HvS HvN Hc Hs Hsk Hks HP0 HP1 HS.
  assert (E : ks * (P / ks + c) * (vN - P / ks) - (vN * P + c * vN * ks - S2 - c * P) =
              (ks * S2 - P * P) / ks) by (field; lra).
  assert (0 <= (ks * S2 - P * P) / ks) by (apply div_nonneg; lra).
  lra.
Qed.

(* uldp:statement prop8.class_average_nonsensitive *)
Theorem step_prop8_class_average_nonsensitive :
  forall (s ks kn c P S2 up u vS vN : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  kn >= 1 ->
  kn * S2 >= (1 - P) * (1 - P) ->
  vN * (1 - P) - S2 <= kn * ((1 - P) / kn) * (vN - (1 - P) / kn).
(* uldp:end *)
Proof.
  intros s ks kn c P S2 up u vS vN Hup Hu HvS HvN Hc Hs Hsk Hks HP0 HP1 Hkn HS.
  assert (E : kn * ((1 - P) / kn) * (vN - (1 - P) / kn) - (vN * (1 - P) - S2) =
              (kn * S2 - (1 - P) * (1 - P)) / kn) by (field; lra).
  assert (0 <= (kn * S2 - (1 - P) * (1 - P)) / kn) by (apply div_nonneg; lra).
  lra.
Qed.

(* uldp:statement prop8.in_terms_of_f *)
Theorem step_prop8_in_terms_of_f :
  forall (s ks kn c P up u vS vN : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  kn >= 1 ->
  ks * ks * (P / ks + c) * (vN - P / ks) = (P + ks * c) * (vN * ks - P) /\ kn * kn * ((1 - P) / kn) * (vN - (1 - P) / kn) = (1 - P) * (vN * kn + - 1 + P).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop8.maximum_at_zero.tangent_a *)
Theorem step_prop8_maximum_at_zero_tangent_a :
  forall (s ks kn c P up u vS vN A B dA0 dB0 A0 B0 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  A = (P + ks * c) * (vN * ks - P) ->
  B = (1 - P) * (vN * kn + - 1 + P) ->
  dA0 = ks * (vN - c) ->
  dB0 = 2 - vN * kn ->
  A0 = (0 + ks * c) * (vN * ks - 0) ->
  B0 = (1 - 0) * (vN * kn + - 1 + 0) ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  A0 > 0 ->
  B0 > 0 ->
  A >= 0 ->
  B >= 0 ->
  2 * A0 + dA0 * P >= 0 /\ 4 * A0 * A <= (2 * A0 + dA0 * P) * (2 * A0 + dA0 * P).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; nra. Qed.

(* uldp:statement prop8.maximum_at_zero.tangent_b *)
Theorem step_prop8_maximum_at_zero_tangent_b :
  forall (s ks kn c P up u vS vN A B dA0 dB0 A0 B0 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  A = (P + ks * c) * (vN * ks - P) ->
  B = (1 - P) * (vN * kn + - 1 + P) ->
  dA0 = ks * (vN - c) ->
  dB0 = 2 - vN * kn ->
  A0 = (0 + ks * c) * (vN * ks - 0) ->
  B0 = (1 - 0) * (vN * kn + - 1 + 0) ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  A0 > 0 ->
  B0 > 0 ->
  A >= 0 ->
  B >= 0 ->
  2 * B0 + dB0 * P >= 0 /\ 4 * B0 * B <= (2 * B0 + dB0 * P) * (2 * B0 + dB0 * P).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; nra. Qed.

(* uldp:statement prop8.maximum_at_zero.slope_at_zero *)
Theorem step_prop8_maximum_at_zero_slope_at_zero :
  forall (s ks kn c P up u vS vN A B dA0 dB0 A0 B0 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  A = (P + ks * c) * (vN * ks - P) ->
  B = (1 - P) * (vN * kn + - 1 + P) ->
  dA0 = ks * (vN - c) ->
  dB0 = 2 - vN * kn ->
  A0 = (0 + ks * c) * (vN * ks - 0) ->
  B0 = (1 - 0) * (vN * kn + - 1 + 0) ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  A0 > 0 ->
  B0 > 0 ->
  A >= 0 ->
  B >= 0 ->
  (dA0 <= 0 /\ dB0 <= 0) \/ (dA0 > 0 /\ dB0 < 0 /\ dA0 * dA0 * B0 <= dB0 * dB0 * A0) \/ (dA0 < 0 /\ dB0 > 0 /\ dB0 * dB0 * A0 <= dA0 * dA0 * B0).
(* uldp:end *)
Proof.
  intros s ks kn c P up u vS vN A B dA0 dB0 A0 B0 Hup Hu HvS HvN HA HB HdA HdB HA0 HB0
    Hc Hs Hsk Hks HP0 HP1 HA0p HB0p HAp HBp.
  apply named_inverse in Hc. subst c up u vS vN.
  assert (Hc : 0 < / (s - 1)) by (apply Rinv_0_lt_compat; lra).
  assert (P1 : 0 < ks * / (s - 1)) by (apply Rmult_lt_0_compat; lra).
  assert (P2 : 0 < s * / (s - 1) * ks) by (apply Rmult_lt_0_compat; [apply Rmult_lt_0_compat|]; lra).
  assert (Q1 : 0 < 1) by lra.
  assert (Q2 : 0 < s * / (s - 1) * kn - 1) by (rewrite HB0 in HB0p; lra).
  assert (Hkey : 0 <= s * / (s - 1) * kn - 1 - s).
  { replace (s * / (s - 1) * kn - 1 - s) with ((s * kn - (s + 1) * (s - 1)) / (s - 1)) by (field; lra).
    apply div_nonneg; [| lra].
    assert (s * (2 * s - 2) < s * kn) by (apply Rmult_lt_compat_l; lra).
    pose proof (sq_nonneg (s - 1)). nra. }
  assert (K : s * / (s - 1) * ks * 1 <= (s * / (s - 1) * kn - 1) * (ks * / (s - 1))).
  { assert (0 <= (ks * / (s - 1)) * (s * / (s - 1) * kn - 1 - s)) by (apply Rmult_le_pos; lra).
    nra. }
  pose proof (slope_cases _ _ _ _ P1 P2 Q1 Q2 K) as S.
  assert (E1 : A0 = ks * / (s - 1) * (s * / (s - 1) * ks)) by (subst A0; ring).
  assert (E2 : B0 = 1 * (s * / (s - 1) * kn - 1)) by (subst B0; ring).
  assert (E3 : dA0 = s * / (s - 1) * ks - ks * / (s - 1)) by (subst dA0; ring).
  assert (E4 : dB0 = 1 - (s * / (s - 1) * kn - 1)) by (subst dB0; ring).
  rewrite E1, E2, E3, E4. exact S.
Qed.

(* uldp:statement prop8.maximum_at_zero *)
Theorem step_prop8_maximum_at_zero :
  forall (P a b a0 b0 dA0 dB0 : R),
  0 <= P ->
  P <= 1 ->
  a >= 0 ->
  b >= 0 ->
  a0 > 0 ->
  b0 > 0 ->
  2 * a0 * a <= 2 * a0 * a0 + dA0 * P ->
  2 * b0 * b <= 2 * b0 * b0 + dB0 * P ->
  dA0 * b0 + dB0 * a0 <= 0 ->
  a + b <= a0 + b0.
(* uldp:end *)
Proof.
  intros P a b a0 b0 dA0 dB0 HP0 HP1 Ha Hb Ha0 Hb0 HA HB Hslope.
  assert (Hprod : 0 < a0 * b0) by nra.
  assert (Hsum : a0 * b0 * (a + b) <= a0 * b0 * (a0 + b0)) by nra.
  apply (Rmult_le_reg_l (a0 * b0)); lra.
Qed.

(* uldp:statement prop8.closed_form *)
Theorem step_prop8_closed_form :
  forall (s ks kn c P up u vS vN a0 q b0 b1 : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  0 <= a0 /\ a0 * a0 = ks * ks * c * vN ->
  0 <= q /\ q * q = s ->
  0 <= b0 /\ b0 * b0 = vN * kn - 1 ->
  0 <= b1 /\ b1 * b1 = s * kn * c - 1 ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  kn >= 1 ->
  a0 = q * ks / up /\ b0 = b1.
(* uldp:end *)
Proof.
  intros s ks kn c P up u vS vN a0 q b0 b1 Hup Hu HvS HvN [Ha0 Ea0] [Hq Eq] [Hb0 Eb0] [Hb1 Eb1]
    Hc Hs Hsk Hks HP0 HP1 Hkn.
  apply named_inverse in Hc. subst c up u vS vN.
  split.
  - apply sq_eq; [exact Ha0 | apply div_nonneg; [apply Rmult_le_pos; lra | lra] | ].
    replace (q * ks / (s - 1) * (q * ks / (s - 1))) with ((q * q) * ks * ks / ((s - 1) * (s - 1)))
      by (field; lra).
    rewrite Ea0, Eq. field. lra.
  - apply sq_eq; [exact Hb0 | exact Hb1 | rewrite Eb0, Eb1; ring].
Qed.

(* uldp:statement prop15.binomial_variance *)
Theorem step_prop15_binomial_variance :
  forall (m : R),
  0 <= m ->
  m <= 1 ->
  1 * (1 - m) * (0 - 1 * m) * (0 - 1 * m) + 1 * m * (1 - 1 * m) * (1 - 1 * m) = 1 * m * (1 - m) /\ 1 * (1 - m) * (1 - m) * (0 - 2 * m) * (0 - 2 * m) + 2 * m * (1 - m) * (1 - 2 * m) * (1 - 2 * m) + 1 * m * m * (2 - 2 * m) * (2 - 2 * m) = 2 * m * (1 - m) /\ 1 * (1 - m) * (1 - m) * (1 - m) * (0 - 3 * m) * (0 - 3 * m) + 3 * m * (1 - m) * (1 - m) * (1 - 3 * m) * (1 - 3 * m) + 3 * m * m * (1 - m) * (2 - 3 * m) * (2 - 3 * m) + 1 * m * m * m * (3 - 3 * m) * (3 - 3 * m) = 3 * m * (1 - m) /\ 1 * (1 - m) * (1 - m) * (1 - m) * (1 - m) * (0 - 4 * m) * (0 - 4 * m) + 4 * m * (1 - m) * (1 - m) * (1 - m) * (1 - 4 * m) * (1 - 4 * m) + 6 * m * m * (1 - m) * (1 - m) * (2 - 4 * m) * (2 - 4 * m) + 4 * m * m * m * (1 - m) * (3 - 4 * m) * (3 - 4 * m) + 1 * m * m * m * m * (4 - 4 * m) * (4 - 4 * m) = 4 * m * (1 - m).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement prop15.sum_of_variances *)
Theorem step_prop15_sum_of_variances :
  forall (t ks kn n M1 M2 u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  n >= 1 ->
  M1 = 1 ->
  v * v * (M1 - M2) / n = v * v / n * (1 - M2).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement prop15.substitute_p *)
Theorem step_prop15_substitute_p :
  forall (t ks kn p u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  v * v * (p / v + 1 / u) * (p / v + 1 / u) = (p + 1 / up) * (p + 1 / up) /\ v * v * (p / v) * (p / v) = p * p.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop15.expand *)
Theorem step_prop15_expand :
  forall (t ks kn P S2s Q u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  Q = S2s + 2 * (1 / up) * P + ks * (1 / up) * (1 / up) ->
  Q = S2s + 2 * P / up + ks / (up * up).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop15.closed_form *)
Theorem step_prop15_closed_form :
  forall (t ks kn n P S2 u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  n >= 1 ->
  0 <= P ->
  P <= 1 ->
  (v * v - S2 - 2 * P / up - ks / (up * up)) / n = (u * u - 2 * up * P - ks) / (n * up * up) - S2 / n /\ (u * u - 2 * up * P - ks) / (n * up * up) - S2 / n = (2 * up * (ks - P) + ks * (ks - 1)) / (n * up * up) + (1 - S2) / n.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement lemma3.derivative *)
Theorem step_lemma3_derivative :
  forall (t ks kn n w h u up v F dF Fh : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  F = - (2 / (n * up)) * w + 1 / n * (1 - w * w / ks - (1 - w) * (1 - w) / kn) ->
  dF = - (2 / (n * up)) + 1 / n * (- (2 * w / ks) - (2 * w - 2) / kn) ->
  Fh = - (2 / (n * up)) * (w + h) + 1 / n * (1 - (w + h) * (w + h) / ks - (1 - (w + h)) * (1 - (w + h)) / kn) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  n >= 1 ->
  0 <= w ->
  w <= 1 ->
  Fh - F = h * dF - h * h * (1 / ks + 1 / kn) / n.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma3.bound *)
Theorem step_lemma3_bound :
  forall (t ks kn n w u up v F dF : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  F = - (2 / (n * up)) * w + 1 / n * (1 - w * w / ks - (1 - w) * (1 - w) / kn) ->
  dF = - (2 / (n * up)) + 1 / n * (- (2 * w / ks) - (2 * w - 2) / kn) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  n >= 1 ->
  dF < - (2 / (n * kn)) + 1 / n * (- (2 * w / ks) + - (2 * w / kn) + 2 / kn).
(* uldp:end *)
Proof.
  intros t ks kn n w u up v F dF Hu Hup Hv HF HdF Ht Htk Hks Hn.
  assert (E : - (2 / (n * kn)) + 1 / n * (- (2 * w / ks) + - (2 * w / kn) + 2 / kn) - dF =
              2 * (kn - up) / (n * up * kn)) by (subst dF up; field; repeat split; lra).
  assert (0 < 2 * (kn - up) / (n * up * kn))
    by (apply div_pos; [lra | apply Rmult_lt_0_compat; [apply Rmult_lt_0_compat|]; lra]).
  lra.
Qed.

(* uldp:statement lemma3.nonpositive *)
Theorem step_lemma3_nonpositive :
  forall (t ks kn n w u up v F dF : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  F = - (2 / (n * up)) * w + 1 / n * (1 - w * w / ks - (1 - w) * (1 - w) / kn) ->
  dF = - (2 / (n * up)) + 1 / n * (- (2 * w / ks) - (2 * w - 2) / kn) ->
  0 <= w ->
  ks >= 1 ->
  kn >= 1 ->
  n >= 1 ->
  - (2 / (n * kn)) + 1 / n * (- (2 * w / ks) + - (2 * w / kn) + 2 / kn) <= 0.
(* uldp:end *)
Proof.
  intros t ks kn n w u up v F dF Hu Hup Hv HF HdF Hw Hks Hkn Hn.
  replace (- (2 / (n * kn)) + 1 / n * (- (2 * w / ks) + - (2 * w / kn) + 2 / kn))
    with (- (2 * w * (ks + kn) / (n * ks * kn))) by (field; repeat split; lra).
  assert (0 <= 2 * w * (ks + kn) / (n * ks * kn))
    by (apply div_nonneg; [apply Rmult_le_pos; lra | apply Rmult_lt_0_compat; [apply Rmult_lt_0_compat|]; lra]).
  lra.
Qed.

(* uldp:statement prop16.rewrite *)
Theorem step_prop16_rewrite :
  forall (t ks kn n P S2 u up v M F : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  M = ks * (ks + 2 * t - 3) / (n * up * up) ->
  F = - (2 / (n * up)) * P + 1 / n * (1 - P * P / ks - (1 - P) * (1 - P) / kn) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  n >= 1 ->
  0 <= P ->
  P <= 1 ->
  (2 * up * (ks - P) + ks * (ks - 1)) / (n * up * up) + (1 - S2) / n = M - 2 * P / (n * up) + (1 - S2) / n.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop16.am_gm *)
Theorem step_prop16_am_gm :
  forall (p1 p2 g : R),
  0 <= g /\ g * g = p1 * p1 * p2 * p2 ->
  0 <= p1 ->
  p1 <= 1 ->
  0 <= p2 ->
  p2 <= 1 ->
  p1 * p1 + p2 * p2 >= 2 * g.
(* uldp:end *)
Proof.
  intros p1 p2 g [Hg Eg] H1 H2 H3 H4.
  assert (E : g = p1 * p2)
    by (apply sq_eq; [exact Hg | apply Rmult_le_pos; lra | rewrite Eg; ring]).
  subst g. pose proof (sq_nonneg (p1 - p2)). lra.
Qed.

(* uldp:statement prop16.class_average_bound *)
Theorem step_prop16_class_average_bound :
  forall (p1 p2 : R),
  0 <= p1 ->
  p1 <= 1 ->
  0 <= p2 ->
  p2 <= 1 ->
  p1 * p1 + p2 * p2 >= (p1 + p2) * (p1 + p2) / 2.
(* uldp:end *)
Proof.
  intros p1 p2 H1 H2 H3 H4.
  assert (E : p1 * p1 + p2 * p2 - (p1 + p2) * (p1 + p2) / 2 = (p1 - p2) * (p1 - p2) / 2) by field.
  pose proof (sq_nonneg (p1 - p2)). lra.
Qed.

(* uldp:statement prop16.upper_bound *)
Theorem step_prop16_upper_bound :
  forall (t ks kn n P S2 u up v M F : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  M = ks * (ks + 2 * t - 3) / (n * up * up) ->
  F = - (2 / (n * up)) * P + 1 / n * (1 - P * P / ks - (1 - P) * (1 - P) / kn) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  n >= 1 ->
  0 <= P ->
  P <= 1 ->
  S2 >= P * P / ks + (1 - P) * (1 - P) / kn ->
  M - 2 * P / (n * up) + (1 - S2) / n <= M + F.
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement prop16.maximum_at_zero *)
Theorem step_prop16_maximum_at_zero :
  forall (t ks kn n P S2 u up v M F F0 : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  M = ks * (ks + 2 * t - 3) / (n * up * up) ->
  F = - (2 / (n * up)) * P + 1 / n * (1 - P * P / ks - (1 - P) * (1 - P) / kn) ->
  F0 = 1 / n * (1 - 1 / kn) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  n >= 1 ->
  0 <= P ->
  P <= 1 ->
  F <= F0.
(* uldp:end *)
Proof.
  intros t ks kn n P S2 u up v M F F0 Hu Hup Hv HM HF HF0 Ht Htk Hks Hn HP0 HP1.
  assert (E : F0 - F = (2 * P * (kn - up) * ks + P * P * kn * up + P * P * ks * up) / (n * up * ks * kn))
    by (subst F F0 up; field; repeat split; lra).
  assert (0 <= (2 * P * (kn - up) * ks + P * P * kn * up + P * P * ks * up) / (n * up * ks * kn)).
  { apply div_nonneg.
    - assert (0 <= 2 * P * (kn - up) * ks) by (repeat apply Rmult_le_pos; lra).
      assert (0 <= P * P * kn * up) by (repeat apply Rmult_le_pos; lra).
      assert (0 <= P * P * ks * up) by (repeat apply Rmult_le_pos; lra).
      lra.
    - repeat apply Rmult_lt_0_compat; lra. }
  lra.
Qed.

(* uldp:statement prop16.closed_form *)
Theorem step_prop16_closed_form :
  forall (t ks kn n P S2 u up v M F F0 : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  M = ks * (ks + 2 * t - 3) / (n * up * up) ->
  F = - (2 / (n * up)) * P + 1 / n * (1 - P * P / ks - (1 - P) * (1 - P) / kn) ->
  F0 = - (2 / (n * up)) * 0 + 1 / n * (1 - 0 - 1 / kn) ->
  t > 1 ->
  t < kn + 1 ->
  ks >= 1 ->
  n >= 1 ->
  0 <= P ->
  P <= 1 ->
  M + F0 = ks * (ks + 2 * t - 3) / (n * up * up) + (1 - 1 / kn) / n.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement prop17.closed_form *)
Theorem step_prop17_closed_form :
  forall (t ks kn n u up v : R),
  u = ks + t - 1 ->
  up = t - 1 ->
  v = u / up ->
  t >= kn + 1 ->
  ks >= 1 ->
  kn >= 1 ->
  n >= 1 ->
  v * v / n * (1 - 1 / (ks + kn)) = (ks + t - 1) * (ks + t - 1) / (n * up * up) * (1 - 1 / (ks + kn)).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop18.binomial_variance *)
Theorem step_prop18_binomial_variance :
  forall (m : R),
  0 <= m ->
  m <= 1 ->
  1 * (1 - m) * (0 - 1 * m) * (0 - 1 * m) + 1 * m * (1 - 1 * m) * (1 - 1 * m) = 1 * m * (1 - m) /\ 1 * (1 - m) * (1 - m) * (0 - 2 * m) * (0 - 2 * m) + 2 * m * (1 - m) * (1 - 2 * m) * (1 - 2 * m) + 1 * m * m * (2 - 2 * m) * (2 - 2 * m) = 2 * m * (1 - m) /\ 1 * (1 - m) * (1 - m) * (1 - m) * (0 - 3 * m) * (0 - 3 * m) + 3 * m * (1 - m) * (1 - m) * (1 - 3 * m) * (1 - 3 * m) + 3 * m * m * (1 - m) * (2 - 3 * m) * (2 - 3 * m) + 1 * m * m * m * (3 - 3 * m) * (3 - 3 * m) = 3 * m * (1 - m) /\ 1 * (1 - m) * (1 - m) * (1 - m) * (1 - m) * (0 - 4 * m) * (0 - 4 * m) + 4 * m * (1 - m) * (1 - m) * (1 - m) * (1 - 4 * m) * (1 - 4 * m) + 6 * m * m * (1 - m) * (1 - m) * (2 - 4 * m) * (2 - 4 * m) + 4 * m * m * m * (1 - m) * (3 - 4 * m) * (3 - 4 * m) + 1 * m * m * m * m * (4 - 4 * m) * (4 - 4 * m) = 4 * m * (1 - m).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement prop18.substitute_p *)
Theorem step_prop18_substitute_p :
  forall (s ks kn c p up u vS vN : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= p ->
  p <= 1 ->
  vS * vS * (p / vS + 1 / u) * (1 - p / vS - 1 / u) = (p + vS / u) * (vS - p - vS / u) /\ vN * vN * (p / vN) * (1 - p / vN) = p * (vN - p).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop18.collect *)
Theorem step_prop18_collect :
  forall (s ks kn c P PN S2s S2n up u vS vN a : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  a = vS / u ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  vS * P - S2s - 2 * a * P + ks * (a * vS - a * a) + (vN * PN - S2n) = vS * (1 - 2 / u) * P + vN * PN + vS * vS * (u - 1) / (u * u) * ks - (S2s + S2n).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement prop18.closed_form *)
Theorem step_prop18_closed_form :
  forall (s ks kn c P up u vS vN : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  c * up = 1 ->
  s > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= P ->
  P <= 1 ->
  vS * (1 - 2 / u) * P + vN * (1 - P) = (vS * (u - 2) / u - vN) * P + vN /\ (vS * (u - 2) / u - vN) * P + vN + vS * vS * (u - 1) / (u * u) * ks = 1 + ((ks + 1) * s - 1) * c * c - P * c.
(* uldp:end *)
Proof. step_intros2; step_cases; step_field. Qed.

(* uldp:statement lemma4.derivative *)
Theorem step_lemma4_derivative :
  forall (s ks kn c w h up u vS vN F dF Fh : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  F = - c * w - w * w / ks - (1 - w) * (1 - w) / kn ->
  dF = - c - 2 * w / ks - (2 * w - 2) / kn ->
  Fh = - c * (w + h) - (w + h) * (w + h) / ks - (1 - (w + h)) * (1 - (w + h)) / kn ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= w ->
  w <= 1 ->
  Fh - F = h * dF - h * h * (1 / ks + 1 / kn).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma4.regroup *)
Theorem step_lemma4_regroup :
  forall (s ks kn c w up u vS vN F dF : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  F = - c * w - w * w / ks - (1 - w) * (1 - w) / kn ->
  dF = - c - 2 * w / ks - (2 * w - 2) / kn ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= w ->
  w <= 1 ->
  dF = - 2 * (1 / ks + 1 / kn) * w + - c + 2 / kn.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement lemma4.negative *)
Theorem step_lemma4_negative :
  forall (s ks kn c w up u vS vN F dF : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  F = - c * w - w * w / ks - (1 - w) * (1 - w) / kn ->
  dF = - c - 2 * w / ks - (2 * w - 2) / kn ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= w ->
  - 2 * (1 / ks + 1 / kn) * w + - c + 2 / kn < 0.
(* uldp:end *)
Proof.
  intros s ks kn c w up u vS vN F dF Hup Hu HvS HvN HF HdF Hc Hs Hsk Hks Hw.
  apply named_inverse in Hc. subst c up.
  assert (E : - / (s - 1) + 2 / kn = - ((kn - 2 * (s - 1)) / (kn * (s - 1)))) by (field; lra).
  assert (0 < (kn - 2 * (s - 1)) / (kn * (s - 1))) by (apply div_pos; [lra | apply Rmult_lt_0_compat; lra]).
  assert (0 <= 2 * (1 / ks + 1 / kn) * w).
  { apply Rmult_le_pos; [| lra].
    assert (0 < 1 / ks) by (apply div_pos; lra). assert (0 < 1 / kn) by (apply div_pos; lra). lra. }
  lra.
Qed.

(* uldp:statement prop19.am_gm *)
Theorem step_prop19_am_gm :
  forall (p1 p2 g : R),
  0 <= g /\ g * g = p1 * p1 * p2 * p2 ->
  0 <= p1 ->
  p1 <= 1 ->
  0 <= p2 ->
  p2 <= 1 ->
  p1 * p1 + p2 * p2 >= 2 * g.
(* uldp:end *)
Proof.
  intros p1 p2 g [Hg Eg] H1 H2 H3 H4.
  assert (E : g = p1 * p2)
    by (apply sq_eq; [exact Hg | apply Rmult_le_pos; lra | rewrite Eg; ring]).
  subst g. pose proof (sq_nonneg (p1 - p2)). lra.
Qed.

(* uldp:statement prop19.class_average_bound *)
Theorem step_prop19_class_average_bound :
  forall (p1 p2 : R),
  0 <= p1 ->
  p1 <= 1 ->
  0 <= p2 ->
  p2 <= 1 ->
  p1 * p1 + p2 * p2 >= (p1 + p2) * (p1 + p2) / 2.
(* uldp:end *)
Proof.
  intros p1 p2 H1 H2 H3 H4.
  assert (E : p1 * p1 + p2 * p2 - (p1 + p2) * (p1 + p2) / 2 = (p1 - p2) * (p1 - p2) / 2) by field.
  pose proof (sq_nonneg (p1 - p2)). lra.
Qed.

(* uldp:statement prop19.upper_bound *)
Theorem step_prop19_upper_bound :
  forall (s ks kn c P S2 up u vS vN M F : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  M = 1 + ((ks + 1) * s - 1) * c * c ->
  F = - c * P - P * P / ks - (1 - P) * (1 - P) / kn ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  S2 >= P * P / ks + (1 - P) * (1 - P) / kn ->
  M - c * P - S2 <= M + F.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement prop19.maximum_at_zero *)
Theorem step_prop19_maximum_at_zero :
  forall (s ks kn c P S2 up u vS vN M F : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  M = 1 + ((ks + 1) * s - 1) * c * c ->
  F = - c * P - P * P / ks - (1 - P) * (1 - P) / kn ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  F <= - (1 / kn).
(* uldp:end *)
Proof.
  intros s ks kn c P S2 up u vS vN M F HupE Hu HvS HvN HM HF Hc Hs Hsk Hks HP0 HP1.
  apply named_inverse in Hc. subst c up F.
  assert (E : - (1 / kn) - (- / (s - 1) * P - P * P / ks - (1 - P) * (1 - P) / kn) =
              P * (kn - 2 * (s - 1)) / (kn * (s - 1)) + P * P / ks + P * P / kn)
    by (field; repeat split; lra).
  assert (0 <= P * (kn - 2 * (s - 1)) / (kn * (s - 1)))
    by (apply div_nonneg; [apply Rmult_le_pos; lra | apply Rmult_lt_0_compat; lra]).
  assert (0 <= P * P / ks) by (apply div_nonneg; [apply Rmult_le_pos|]; lra).
  assert (0 <= P * P / kn) by (apply div_nonneg; [apply Rmult_le_pos|]; lra).
  lra.
Qed.

(* uldp:statement prop19.closed_form *)
Theorem step_prop19_closed_form :
  forall (s ks kn c P S2 n up u vS vN M F : R),
  up = s - 1 ->
  u = s + 1 ->
  vS = u * c ->
  vN = s * c ->
  M = 1 + ((ks + 1) * s - 1) * c * c ->
  F = - c * P - P * P / ks - (1 - P) * (1 - P) / kn ->
  c * up = 1 ->
  s > 1 ->
  s < kn / 2 + 1 ->
  ks >= 1 ->
  0 <= P ->
  P <= 1 ->
  n >= 1 ->
  (M + - (1 / kn)) / n = (1 + ((ks + 1) * s - 1) / ((s - 1) * (s - 1)) - 1 / kn) / n.
(* uldp:end *)
Proof. step_intros2; step_cases; step_field. Qed.

(* uldp:statement d12.case2_leading_term *)
Theorem step_d12_case2_leading_term :
  forall (e ks kn w rem : R),
  rem = (w + ks / e) * (ks * ks / e - w - ks / e) - ks * ks * (ks - 1) / (e * e) ->
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= w ->
  w <= 1 ->
  ks > kn ->
  (if Rge_dec rem 0 then e * rem else - (e * rem)) <= ks * ks + 2 * ks + 1.
(* uldp:end *)
Proof.
  intros e ks kn w rem Hrem He He1 Hks Hkn Hw0 Hw1 Hkskn.
  assert (E : e * rem = w * ks * (ks - 2) - e * w * w) by (subst rem; field; lra).
  assert (Hw2 : 0 <= e * w * w) by (repeat apply Rmult_le_pos; lra).
  assert (Hw3 : e * w * w <= 1).
  { assert (w * w <= 1) by nra. assert (e * (w * w) <= 1 * 1) by (apply Rmult_le_compat; nra). nra. }
  assert (Hw4 : 0 <= w * ks) by (apply Rmult_le_pos; lra).
  assert (Hw5 : w * ks <= ks) by nra.
  destruct (Rge_dec rem 0) as [A|A].
  - rewrite E.
    assert (w * ks * (ks - 2) <= ks * ks + 2 * ks) by nra. lra.
  - replace (- (e * rem)) with (- (w * ks * (ks - 2) - e * w * w)) by (rewrite E; ring).
    assert (0 <= w * ks * (ks - 1)) by (apply Rmult_le_pos; lra). pose proof (sq_nonneg ks). lra.
Qed.

(* uldp:statement d12.better_than_rr *)
Theorem step_d12_better_than_rr :
  forall (e ks kn a b : R),
  0 <= a /\ a * a = ks - 1 ->
  0 <= b /\ b * b = ks + kn - 1 ->
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  ks * a / e <= (ks + kn) * b / e.
(* uldp:end *)
Proof.
  intros e ks kn a b [Ha Ea] [Hb Eb] He He1 Hks Hkn.
  assert (Hab : a <= b) by (apply sq_le; [exact Hb | rewrite Ea, Eb; lra]).
  unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra |].
  apply Rmult_le_compat; lra.
Qed.

(* uldp:statement d13.proposition6_applies *)
Theorem step_d13_proposition6_applies :
  forall (e ks kn : R),
  ks >= 1 ->
  kn >= 1 ->
  ks + kn >= kn + 1.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement d13.substitute *)
Theorem step_d13_substitute :
  forall (e ks kn : R),
  ks >= 1 ->
  kn >= 1 ->
  (ks + ks + kn - 1) / (ks + kn - 1) = 1 + ks / (ks + kn - 1).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement d13.small_sensitive_share *)
Theorem step_d13_small_sensitive_share :
  forall (e ks kn : R),
  ks >= 1 ->
  kn >= 1 ->
  ks / (ks + kn - 1) <= 2 * ks / (ks + kn).
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement d22.case1_simplify *)
Theorem step_d22_case1_simplify :
  forall (e ks kn a b b2 : R),
  0 <= a /\ a * a = ks * ks * (2 / e) / (e / 2) ->
  0 <= b /\ b * b = 2 * kn / e - 1 ->
  0 <= b2 /\ b2 * b2 = (2 * kn - e) / e ->
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  a = 2 * ks / e /\ b = b2.
(* uldp:end *)
Proof.
  intros e ks kn a b b2 [Ha Ea] [Hb Eb] [Hb2 Eb2] He He1 Hks Hkn.
  split.
  - apply sq_eq; [exact Ha | apply div_nonneg; lra | rewrite Ea; field; lra].
  - apply sq_eq; [exact Hb | exact Hb2 | rewrite Eb, Eb2; field; lra].
Qed.

(* uldp:statement d22.case1_leading_term *)
Theorem step_d22_case1_leading_term :
  forall (e ks kn b r : R),
  0 <= b /\ b * b = (2 * kn - e) / e ->
  0 <= r /\ r * r = 2 * kn * e ->
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  b <= 2 * ks / e * (r / 2).
(* uldp:end *)
Proof.
  intros e ks kn b r [Hb Eb] [Hr Er] He He1 Hks Hkn.
  apply sq_le.
  - apply Rmult_le_pos; [apply div_nonneg; lra | lra].
  - replace (2 * ks / e * (r / 2) * (2 * ks / e * (r / 2))) with (ks * ks * (r * r) / (e * e))
      by (field; lra).
    rewrite Eb, Er.
    apply div_le_div; [lra | apply Rmult_lt_0_compat; lra |].
    assert (1 <= ks * ks) by nra.
    assert (0 < 2 * kn * e * e) by (repeat apply Rmult_lt_0_compat; lra).
    assert (2 * kn * e * e * 1 <= 2 * kn * e * e * (ks * ks)) by (apply Rmult_le_compat_l; lra).
    assert (0 <= e * e * e) by (repeat apply Rmult_le_pos; lra).
    nra.
Qed.

(* uldp:statement d22.case2_leading_term *)
Theorem step_d22_case2_leading_term :
  forall (e ks kn w : R),
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  0 <= w ->
  w <= 1 ->
  (w + 2 * ks / e) * (2 * ks / e - w) = 4 * ks * ks / (e * e) - w * w.
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement d22.better_than_rappor *)
Theorem step_d22_better_than_rappor :
  forall (e ks kn : R),
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  2 * ks / e <= 2 * (ks + kn) / e.
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement d23.gain_near_one *)
Theorem step_d23_gain_near_one :
  forall (q : R),
  q >= 2 ->
  q / (q - 1) > 1 /\ q / (q - 1) - 1 <= 2 / q.
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement e12.better_than_rr *)
Theorem step_e12_better_than_rr :
  forall (e ks kn : R),
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  ks * (ks - 1) <= (ks + kn) * (ks + kn - 1).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; nra. Qed.

(* uldp:statement e13.substitute *)
Theorem step_e13_substitute :
  forall (e ks kn k : R),
  k = ks + kn ->
  ks >= 1 ->
  kn >= 1 ->
  (ks + k - 1) * (ks + k - 1) / ((k - 1) * (k - 1)) * (1 - 1 / k) = (1 + (ks - 1) / k) * (1 + (ks - 1) / k) / ((1 - 1 / k) * (1 - 1 / k)) * (1 - 1 / k).
(* uldp:end *)
Proof. step_intros; step_cases; step_field. Qed.

(* uldp:statement e13.small_sensitive_share *)
Theorem step_e13_small_sensitive_share :
  forall (e ks kn k a b : R),
  k = ks + kn ->
  a = (ks - 1) / k ->
  b = 1 / k ->
  ks >= 1 ->
  kn >= 1 ->
  (1 + a) * (1 + a) / (1 - b) >= 1 /\ (1 + a) * (1 + a) / (1 - b) - 1 <= 9 * (ks + 1) / k.
(* uldp:end *)
Proof.
  intros e ks kn k a b Hk Ha Hb Hks Hkn.
  subst k a b.
  assert (E : (1 + (ks - 1) / (ks + kn)) * (1 + (ks - 1) / (ks + kn)) / (1 - 1 / (ks + kn)) =
              (2 * ks + kn - 1) * (2 * ks + kn - 1) / ((ks + kn) * (ks + kn - 1)))
    by (field; repeat split; lra).
  assert (Hd : 0 < (ks + kn) * (ks + kn - 1)) by (apply Rmult_lt_0_compat; lra).
  rewrite E. split.
  - apply Rle_ge, div_ge_1; [exact Hd |].
    assert (0 <= (ks + kn) * (ks - 1)) by (apply Rmult_le_pos; lra).
    assert (0 <= (ks + kn) * ks) by (apply Rmult_le_pos; lra).
    pose proof (sq_nonneg (ks - 1)). nra.
  - assert (E2 : (2 * ks + kn - 1) * (2 * ks + kn - 1) / ((ks + kn) * (ks + kn - 1)) - 1 =
                 (3 * ks * ks + 2 * ks * kn - 3 * ks - kn + 1) / ((ks + kn) * (ks + kn - 1)))
      by (field; repeat split; lra).
    rewrite E2. apply div_le_div; [exact Hd | lra |].
    assert (Hp : 0 < 9 * (ks + 1) * (ks + kn - 1) - (3 * ks * ks + 2 * ks * kn - 3 * ks - kn + 1))
      by nra.
    assert (0 <= (ks + kn) * (9 * (ks + 1) * (ks + kn - 1) - (3 * ks * ks + 2 * ks * kn - 3 * ks - kn + 1)))
      by (apply Rmult_le_pos; lra).
    nra.
Qed.

(* uldp:statement e22.leading_term *)
Theorem step_e22_leading_term :
  forall (e ks kn x y : R),
  x = 1 + ((ks + 1) * (e / 2 + 1) - 1) / (e * e / 4) - 1 / kn ->
  y = 4 * ks / (e * e) ->
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  (if Rge_dec (x - y) 0 then x - y else y - x) <= y * (e + e * e).
(* uldp:end *)
Proof.
  intros e ks kn x y Hx Hy He He1 Hks Hkn.
  assert (Exy : x - y = 1 - 1 / kn + 2 * (ks + 1) / e) by (subst x y; field; split; lra).
  assert (Ey : y * (e + e * e) = 4 * ks / e + 4 * ks) by (subst y; field; lra).
  assert (Hk1 : 1 / kn <= 1)
    by (apply (Rmult_le_reg_r kn); [lra | unfold Rdiv; rewrite Rmult_assoc, Rinv_l; lra]).
  assert (Hk0 : 0 < 1 / kn) by (apply div_pos; lra).
  assert (H2 : 0 < 2 * (ks + 1) / e) by (apply div_pos; lra).
  assert (H3 : 2 * (ks + 1) / e <= 4 * ks / e) by (apply div_le_div; nra).
  rewrite Ey.
  destruct (Rge_dec (x - y) 0) as [A|A]; lra.
Qed.

(* uldp:statement e22.better_than_rappor *)
Theorem step_e22_better_than_rappor :
  forall (e ks kn : R),
  e > 0 ->
  e <= 1 ->
  ks >= 1 ->
  kn >= 1 ->
  4 * ks / (e * e) <= 4 * (ks + kn) / (e * e) * (1 - 1 / (ks + kn)).
(* uldp:end *)
Proof. step_intros; step_cases; name_inverses; repeat split; nra. Qed.

(* uldp:statement e23.substitute *)
Theorem step_e23_substitute :
  forall (q ks kn k : R),
  k = q * q ->
  q > 1 ->
  ks >= 1 ->
  kn >= 1 ->
  ks + kn = k ->
  ((ks + 1) * q - 1) / ((q - 1) * (q - 1)) = (ks + 1 - 1 / q) / (q - 2 + 1 / q) /\ 1 / kn = 1 / (k * (1 - ks / k)).
(* uldp:end *)
Proof.
  intros q ks kn k Hk Hq Hks Hkn Hsum.
  assert (Hq2 : 0 < (q - 1) * (q - 1)) by (apply Rmult_lt_0_compat; lra).
  split.
  - field. split; [| lra]. intro Z.
    assert (q * (q - 2 + 1 / q) = (q - 1) * (q - 1)) by (field; lra). nra.
  - replace kn with (k - ks) by lra. subst k. field. split; [nra | lra].
Qed.

(* uldp:statement e23.leading_term *)
Theorem step_e23_leading_term :
  forall (q ks kn k x y : R),
  k = q * q ->
  x = 1 + (ks + 1 - 1 / q) / (q - 2 + 1 / q) - 1 / kn ->
  y = 1 + (ks + 1) / q ->
  q >= 4 ->
  ks >= 1 ->
  kn >= 1 ->
  ks + kn = k ->
  ks <= k / 2 ->
  (if Rge_dec (x - y) 0 then x - y else y - x) <= 8 * (ks + 1) / k.
(* uldp:end *)
Proof.
  intros q ks kn k x y Hk Hx Hy Hq Hks Hkn Hsum Hhalf.
  assert (Hq2 : 0 < (q - 1) * (q - 1)) by (apply Rmult_lt_0_compat; lra).
  assert (Ed : (ks + 1 - 1 / q) / (q - 2 + 1 / q) = ((ks + 1) * q - 1) / ((q - 1) * (q - 1))).
  { assert (Ez : q - 2 + 1 / q = (q - 1) * (q - 1) / q) by (field; lra).
    rewrite Ez. field. repeat split; lra. }
  assert (Exy : x - y = ((2 * ks + 1) * q - (ks + 1)) / (q * ((q - 1) * (q - 1))) - 1 / kn)
    by (rewrite Hx, Hy, Ed; field; repeat split; lra).
  assert (Hden : 0 < q * ((q - 1) * (q - 1))) by (apply Rmult_lt_0_compat; lra).
  assert (HD0 : 0 <= ((2 * ks + 1) * q - (ks + 1)) / (q * ((q - 1) * (q - 1)))).
  { apply div_nonneg; [| exact Hden].
    assert (0 <= (2 * ks + 1) * (q - 4)) by (apply Rmult_le_pos; lra). lra. }
  assert (HD1 : ((2 * ks + 1) * q - (ks + 1)) / (q * ((q - 1) * (q - 1))) <= 8 * (ks + 1) / k).
  { rewrite Hk. apply div_le_div; [exact Hden | nra |].
    assert (Hpos : 0 <= (ks + 1) * q * (q - 4))
      by (apply Rmult_le_pos; [apply Rmult_le_pos|]; lra).
    assert (Hq0 : 0 <= (ks + 1) * q) by (apply Rmult_le_pos; lra).
    assert (Hin : 0 <= (6 * (ks + 1) + 1) * q * q - 15 * (ks + 1) * q + 8 * (ks + 1)).
    { pose proof (sq_nonneg q). lra. }
    assert (0 <= q * ((6 * (ks + 1) + 1) * q * q - 15 * (ks + 1) * q + 8 * (ks + 1)))
      by (apply Rmult_le_pos; lra).
    assert (Eid : 8 * (ks + 1) * (q * ((q - 1) * (q - 1))) - ((2 * ks + 1) * q - (ks + 1)) * (q * q) =
                  q * ((6 * (ks + 1) + 1) * q * q - 15 * (ks + 1) * q + 8 * (ks + 1))) by ring.
    lra. }
  assert (Hkn0 : 0 < kn) by lra.
  assert (Hk0 : 0 < 1 / kn) by (apply div_pos; lra).
  assert (Hk1 : 1 / kn <= 8 * (ks + 1) / k).
  { apply div_le_div; [lra | nra |].
    assert (0 <= (8 * ks + 6) * kn) by (apply Rmult_le_pos; lra). lra. }
  destruct (Rge_dec (x - y) 0) as [A|A]; lra.
Qed.

(* uldp:statement thm1.triangle *)
Theorem step_thm1_triangle :
  forall (a b c : R),
  (if Rge_dec (a - c) 0 then a - c else - (a - c)) <= (if Rge_dec (a - b) 0 then a - b else - (a - b)) + (if Rge_dec (b - c) 0 then b - c else - (b - c)).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; lra. Qed.

(* uldp:statement thm1.first_term_triangle *)
Theorem step_thm1_first_term_triangle :
  forall (d0 d1 d2 pi1 pi2 : R),
  0 <= pi1 ->
  pi1 <= 1 ->
  0 <= pi2 ->
  pi2 <= 1 ->
  (if Rge_dec (d0 + d1 * pi1 + d2 * pi2) 0 then d0 + d1 * pi1 + d2 * pi2 else - (d0 + d1 * pi1 + d2 * pi2)) <= (if Rge_dec d0 0 then d0 else - d0) + (if Rge_dec d1 0 then d1 else - d1) * pi1 + (if Rge_dec d2 0 then d2 else - d2) * pi2.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; nra. Qed.

(* uldp:statement thm1.first_term_sum *)
Theorem step_thm1_first_term_sum :
  forall (d pa pb : R),
  0 <= pa ->
  0 <= pb ->
  pa + pb = 1 ->
  (if Rge_dec d 0 then d else - d) * pa + (if Rge_dec d 0 then d else - d) * pb = (if Rge_dec d 0 then d else - d).
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; nra. Qed.

(* uldp:statement thm1.second_term_nonnegative_weights *)
Theorem step_thm1_second_term_nonnegative_weights :
  forall (r1 r2 e1 e2 lhs rhs : R),
  lhs = 2 * (if Rge_dec (r1 * e1 + r2 * e2) 0 then r1 * e1 + r2 * e2 else - (r1 * e1 + r2 * e2)) ->
  rhs = r1 * 2 * (if Rge_dec e1 0 then e1 else - e1) + r2 * 2 * (if Rge_dec e2 0 then e2 else - e2) ->
  - 1 <= e1 ->
  e1 <= 1 ->
  - 1 <= e2 ->
  e2 <= 1 ->
  r1 >= 0 ->
  r2 >= 0 ->
  lhs <= rhs.
(* uldp:end *)
Proof. step_intros; step_cases; repeat split; nra. Qed.
