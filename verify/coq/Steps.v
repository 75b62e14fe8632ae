(* The steps of the paper's utility proofs (`uldp prove --steps`, verify/src/steps/*.cc) as
   theorems over R: each step's implication with the hypotheses the paper has at that step (the
   solvers' "at_step" query), stated exactly as `uldp prove STEP --emit coq` prints it (the
   definitions and square roots of the step as equations, then its hypotheses, then the step).
   Steps that are refuted at the step (errata), not encoded, or not proved here are listed with why
   in verify/src/steps/coq_step_omissions.cc. The axioms each theorem rests on are printed by the
   build (verify/coq/coq_check.cmake), not here: one Print Assumptions per theorem would double
   the file's check time. *)
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
